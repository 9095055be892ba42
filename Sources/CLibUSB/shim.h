#ifndef RIGKIT_CLIBUSB_SHIM_H
#define RIGKIT_CLIBUSB_SHIM_H
#include <libusb.h>
#endif
