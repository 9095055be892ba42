#include "CBlueZShim.h"
#include <errno.h>
#include <string.h>
#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
#include <bluetooth/hci_lib.h>

int rigkit_hci_adapter(const char *name) {
    errno = 0;
    int id = (name && *name) ? hci_devid(name) : hci_get_route(NULL);
    return id < 0 ? -(errno ? errno : ENODEV) : id;
}

int rigkit_hci_info(int dev_id, char *name, char *addr) {
    struct hci_dev_info info;
    if (hci_devinfo(dev_id, &info) < 0) return -errno;
    if (name) { memcpy(name, info.name, 8); name[8] = 0; }
    if (addr) ba2str(&info.bdaddr, addr);
    return hci_test_bit(HCI_UP, &info.flags) ? 1 : 0;
}
