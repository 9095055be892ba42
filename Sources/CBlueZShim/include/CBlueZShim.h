#ifndef RIGKIT_CBLUEZSHIM_H
#define RIGKIT_CBLUEZSHIM_H

/* The two adapter ioctls of BlueZ's libbluetooth that Swift cannot call directly
 * (variable-length device lists, bit-flag macros). Everything else — sockets,
 * socket addresses, options, HCI commands — is Swift, through BlueZCalls.
 * Both return a non-negative result or -errno. */

/* The id of adapter "hciN" (or the first one when name is NULL or empty). */
int rigkit_hci_adapter(const char *name);
/* HCIGETDEVINFO: 1 when the adapter is up, 0 when down; its name into name (9 bytes)
 * and its address as "AA:BB:CC:DD:EE:FF" into addr (18 bytes). */
int rigkit_hci_info(int dev_id, char *name, char *addr);
#endif
