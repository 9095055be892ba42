#ifndef RIGKIT_CBLUETOOTH_SHIM_H
#define RIGKIT_CBLUETOOTH_SHIM_H
#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
#include <bluetooth/hci_lib.h>
#include <bluetooth/l2cap.h>
#endif
