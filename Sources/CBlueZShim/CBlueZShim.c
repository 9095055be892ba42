#include "CBlueZShim.h"
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
#include <bluetooth/hci_lib.h>
#include <bluetooth/l2cap.h>

int rigkit_bt_available(void) {
    int fd = socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI);
    if (fd < 0) return -errno;
    close(fd);
    return 0;
}

int rigkit_hci_adapter(const char *name) {
    int id = (name && *name) ? hci_devid(name) : hci_get_route(NULL);
    return id < 0 ? -(errno ? errno : ENODEV) : id;
}

int rigkit_hci_is_up(int dev_id, char *addr) {
    struct hci_dev_info info;
    if (hci_devinfo(dev_id, &info) < 0) return -errno;
    if (addr) ba2str(&info.bdaddr, addr);
    return hci_test_bit(HCI_UP, &info.flags) ? 1 : 0;
}

int rigkit_le_scan_open(int dev_id, int active) {
    int fd = hci_open_dev(dev_id);
    if (fd < 0) return -errno;
    if (hci_le_set_scan_parameters(fd, active ? 0x01 : 0x00, htobs(0x0010), htobs(0x0010), 0x00, 0x00, 1000) < 0 && errno != EIO) {
        int e = errno; hci_close_dev(fd); return -e;
    }
    if (hci_le_set_scan_enable(fd, 0x01, 0x00, 1000) < 0) { int e = errno; hci_close_dev(fd); return -e; }
    struct hci_filter filter;
    hci_filter_clear(&filter);
    hci_filter_set_ptype(HCI_EVENT_PKT, &filter);
    hci_filter_set_event(EVT_LE_META_EVENT, &filter);
    if (setsockopt(fd, SOL_HCI, HCI_FILTER, &filter, sizeof(filter)) < 0) { int e = errno; hci_close_dev(fd); return -e; }
    return fd;
}

void rigkit_le_scan_close(int fd) {
    hci_le_set_scan_enable(fd, 0x00, 0x00, 1000);
    hci_close_dev(fd);
}

int rigkit_hci_read(int fd, uint8_t *buf, int len, int timeout_ms) {
    struct pollfd p = { .fd = fd, .events = POLLIN };
    int r = poll(&p, 1, timeout_ms);
    if (r < 0) return -errno;
    if (r == 0) return 0;
    ssize_t n = read(fd, buf, (size_t) len);
    return n < 0 ? -errno : (int) n;
}

int rigkit_att_connect(int dev_id, const char *dst, int random, int security, int timeout_ms) {
    struct hci_dev_info info;
    if (hci_devinfo(dev_id, &info) < 0) return -errno;
    int fd = socket(AF_BLUETOOTH, SOCK_SEQPACKET | SOCK_CLOEXEC, BTPROTO_L2CAP);
    if (fd < 0) return -errno;
    struct sockaddr_l2 src;
    memset(&src, 0, sizeof(src));
    src.l2_family = AF_BLUETOOTH;
    src.l2_cid = htobs(4);
    bacpy(&src.l2_bdaddr, &info.bdaddr);
    src.l2_bdaddr_type = BDADDR_LE_PUBLIC;
    if (bind(fd, (struct sockaddr *) &src, sizeof(src)) < 0) { int e = errno; close(fd); return -e; }
    struct bt_security sec = { .level = (uint8_t) security, .key_size = 0 };
    if (security > 1) setsockopt(fd, SOL_BLUETOOTH, BT_SECURITY, &sec, sizeof(sec));
    struct sockaddr_l2 to;
    memset(&to, 0, sizeof(to));
    to.l2_family = AF_BLUETOOTH;
    to.l2_cid = htobs(4);
    if (str2ba(dst, &to.l2_bdaddr) < 0) { close(fd); return -EINVAL; }
    to.l2_bdaddr_type = random ? BDADDR_LE_RANDOM : BDADDR_LE_PUBLIC;
    int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    if (connect(fd, (struct sockaddr *) &to, sizeof(to)) < 0 && errno != EINPROGRESS) { int e = errno; close(fd); return -e; }
    struct pollfd p = { .fd = fd, .events = POLLOUT };
    int r = poll(&p, 1, timeout_ms);
    if (r <= 0) { close(fd); return r == 0 ? -ETIMEDOUT : -errno; }
    int err = 0; socklen_t l = sizeof(err);
    getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &l);
    if (err) { close(fd); return -err; }
    fcntl(fd, F_SETFL, flags);
    return fd;
}

int rigkit_read(int fd, uint8_t *buf, int len, int timeout_ms) {
    struct pollfd p = { .fd = fd, .events = POLLIN };
    int r = poll(&p, 1, timeout_ms);
    if (r < 0) return -errno;
    if (r == 0) return 0;
    ssize_t n = read(fd, buf, (size_t) len);
    if (n == 0) return -ECONNRESET;
    return n < 0 ? -errno : (int) n;
}
