#ifndef RIGKIT_CBLUEZSHIM_H
#define RIGKIT_CBLUEZSHIM_H
#include <stdint.h>

/* Small C helpers around BlueZ's libbluetooth for what Swift cannot call directly
 * (function-like macros, bit filters, sockaddr_l2). Every function returns a
 * non-negative result or -errno. */

/* 0 when this kernel has AF_BLUETOOTH, else -errno (EAFNOSUPPORT without Bluetooth). */
int rigkit_bt_available(void);
/* The id of adapter "hciN" (or the first one when name is NULL or empty). */
int rigkit_hci_adapter(const char *name);
/* 1 when the adapter is up, 0 when down; its address as "AA:BB:CC:DD:EE:FF" into addr (18 bytes). */
int rigkit_hci_is_up(int dev_id, char *addr);
/* Opens a raw HCI socket on the adapter with a filter for LE meta events and starts an LE scan (active or passive). */
int rigkit_le_scan_open(int dev_id, int active);
/* Stops the scan and closes the socket. */
void rigkit_le_scan_close(int fd);
/* Waits up to timeout_ms for one HCI event; returns its length (0 on time-out). */
int rigkit_hci_read(int fd, uint8_t *buf, int len, int timeout_ms);
/* Connects an L2CAP LE socket on the ATT fixed channel (CID 4) to dst from the adapter; random: destination address type. */
int rigkit_att_connect(int dev_id, const char *dst, int random, int security, int timeout_ms);
/* Waits up to timeout_ms for data on fd; returns bytes read, 0 on time-out, -ECONNRESET when the peer closed. */
int rigkit_read(int fd, uint8_t *buf, int len, int timeout_ms);
#endif
