/* umockdev-mx: runs a program against emulated USB devices on usbdevfs, with no kernel USB.
 *
 *   umockdev-mx --device KIND:VID:PID:SERIAL:PRODUCT:SOCKET [--device ...] -- PROGRAM [ARGS...]
 *
 * KIND is `mx` (a Cognex MX reader: interface 0 class 0xff, bulk IN 0x81, bulk OUT 0x02, manufacturer Cognex) or
 * `cdc` (a CDC ACM device such as the SCiO: interface 0 communications with notification IN 0x83, interface 1
 * data with bulk OUT 0x01 and bulk IN 0x82, manufacturer Consumer Physics). For each device this creates the
 * sysfs entry and the device node in a umockdev testbed, answers the usbdevfs ioctls libusb 1.0.26 makes, and
 * listens on SOCKET for the device side: RigKit's simulator (a rig with a `usb-gadget` link, or usb-lane-check)
 * connects there. PROGRAM runs as a child under libumockdev-preload.
 *
 * Frames on a device socket, both ways: u32 little-endian payload length, u8 endpoint, payload. To the device
 * side: the bulk OUT endpoint (each bulk OUT URB's data), 0x00 (a CDC class request: setup packet + data).
 * From it: the bulk IN endpoint (data for IN URBs), 0xFF (a command: `plug`, `unplug`, `fault busy` — the next
 * claim fails with EBUSY, `fault stall` — the next bulk IN URB ends with -EPIPE, `fault none`). One connection
 * at a time; a new one replaces the old, and its first frame from here is 0xFF `ready`, sent once bulk OUT goes to
 * it (the device side waits for it before it serves). With no device side connected a bulk OUT URB ends with -EPROTO.
 *
 * Unplug for the checks: SIGUSR1 to this process (the child finds its pid in $RIGKIT_UMOCKDEV_PID) arms an
 * unplug of the first device that happens as soon as a bulk IN URB is pending. Unplugging completes pending
 * URBs with -ESHUTDOWN (as the kernel ends them), fails later ioctls with ENODEV and takes the device out of
 * sysfs with a "remove" uevent; `plug` adds it back under a new device number, as a real bus does.
 *
 * Threads: umockdev answers ioctls on its testbed worker thread; one thread per device serves its socket;
 * the main thread runs the child watch, the signal and the testbed changes. `lock` guards every Dev.
 *
 * Exit status: the child's; 2 when the emulation cannot start (the message says why). */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/usbdevice_fs.h>
#include <glib.h>
#include <glib-unix.h>
#include <umockdev.h>

#define MAX_DEVICES 4

typedef struct Dev Dev;

/* One emulated device. Fields below `lock`'s comment are guarded by the global lock. */
struct Dev {
	int index;             /* 1-based: sysfs 1-<index> */
	gboolean cdc;
	guint16 vid, pid;
	const char *serial, *product, *manufacturer;
	const char *socket_path;
	guint8 ep_in, ep_out;
	char sysfs[96];
	int listen_fd;
	/* guarded by lock */
	int bridge;            /* the connected device side, or -1 */
	int devnum;            /* current device number on bus 1 */
	char devnode[64];
	UMockdevIoctlBase *handler;
	GQueue pending_in;     /* Urb* of IN URBs waiting for data */
	GQueue done;           /* Urb* of completed URBs, each reaped only through the open file that submitted it */
	GByteArray *in_data;   /* bytes from the device side not yet delivered to an IN URB */
	guint8 line_coding[7];
	gboolean unplug_armed;
	gboolean gone;
	gboolean fault_busy, fault_stall;
};

typedef struct {
	UMockdevTestbed *tb;
	gboolean verbose;
	GMainLoop *loop;
	int child_status;
	GMutex lock;
	Dev devices[MAX_DEVICES];
	int count;
	int next_devnum;
	guint64 reaps_empty;   /* REAPURBNDELAY calls that found nothing (how the client polls) */
} Mx;

static Mx mx;

/* A submitted URB and the open file (umockdev client) it belongs to: libusb polls and reaps every
 * open file of the device, so a URB handed to another file's REAP would be a foreign pointer there. */
typedef struct {
	UMockdevIoctlClient *client;
	UMockdevIoctlData *ud;
} Urb;

static Urb *urb_new(UMockdevIoctlClient *client, UMockdevIoctlData *ud)
{
	Urb *u = g_new(Urb, 1);
	u->client = client;
	u->ud = ud;
	return u;
}

static void urb_free(gpointer p)
{
	Urb *u = p;
	g_object_unref(u->ud);
	g_free(u);
}

static void note(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
static void note(const char *fmt, ...)
{
	if (!mx.verbose) return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "[umockdev-mx] ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static void fail(const char *fmt, ...) G_GNUC_PRINTF(1, 2) G_GNUC_NORETURN;
static void fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "umockdev-mx: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

static gboolean remove_device(gpointer data);
static gboolean add_device(gpointer data);

static struct usbdevfs_urb *urb_of(UMockdevIoctlData *ud) { return (struct usbdevfs_urb *) ud->data; }

/* Hands waiting IN URBs the device side's data. Call with `lock` held. */
static void pump_locked(Dev *d)
{
	while (!g_queue_is_empty(&d->pending_in) && (d->in_data->len > 0 || d->fault_stall)) {
		Urb *u = g_queue_pop_head(&d->pending_in);
		struct usbdevfs_urb *urb = urb_of(u->ud);
		if (d->fault_stall) {
			/* the endpoint halts: the kernel ends the URB with -EPIPE, libusb says LIBUSB_ERROR_PIPE */
			d->fault_stall = FALSE;
			urb->actual_length = 0;
			urb->status = -EPIPE;
			g_queue_push_tail(&d->done, u);
			note("%s: IN URB stalled (fault)", d->serial);
			continue;
		}
		guint n = MIN(d->in_data->len, (guint) urb->buffer_length);
		/* urb->buffer is umockdev's copy of the client's buffer, written back when the URB is reaped */
		memcpy(urb->buffer, d->in_data->data, n);
		g_byte_array_remove_range(d->in_data, 0, n);
		urb->actual_length = (int) n;
		urb->status = 0;
		g_queue_push_tail(&d->done, u);
		note("%s: IN URB completed with %u bytes", d->serial, n);
	}
}

/* Disconnects the device: pending URBs end with -ESHUTDOWN, as the kernel ends them. Call with `lock` held. */
static void unplug_locked(Dev *d)
{
	Urb *u;
	if (d->gone) return;
	d->gone = TRUE;
	d->unplug_armed = FALSE;
	while ((u = g_queue_pop_head(&d->pending_in))) {
		urb_of(u->ud)->status = -ESHUTDOWN;
		urb_of(u->ud)->actual_length = 0;
		g_queue_push_tail(&d->done, u);
	}
	g_byte_array_set_size(d->in_data, 0);
	g_idle_add(remove_device, d);   /* wakes the main loop, which owns the testbed */
	note("%s: unplugged", d->serial);
}

/* Sends a frame to the device side; FALSE when none is connected. Call with `lock` held. */
static gboolean write_frame_locked(Dev *d, guint8 endpoint, const guint8 *data, guint32 len)
{
	if (d->bridge < 0) return FALSE;
	guint8 header[5] = { len & 0xff, (len >> 8) & 0xff, (len >> 16) & 0xff, len >> 24, endpoint };
	struct iovec parts[2] = { { header, sizeof header }, { (void *) data, len } };
	struct msghdr msg = { .msg_iov = parts, .msg_iovlen = 2 };
	ssize_t total = sizeof header + len;
	if (sendmsg(d->bridge, &msg, MSG_NOSIGNAL) != total) {
		fprintf(stderr, "umockdev-mx: cannot send %u bytes to the device side of %s: %s\n", len, d->serial, g_strerror(errno));
		return FALSE;
	}
	return TRUE;
}

static gboolean read_all(int fd, void *buffer, size_t len)
{
	guint8 *p = buffer;
	while (len > 0) {
		ssize_t n = read(fd, p, len);
		if (n < 0 && errno == EINTR) continue;
		if (n <= 0) return FALSE;
		p += n;
		len -= (size_t) n;
	}
	return TRUE;
}

/* A command from the device side. Call with `lock` held. */
static void command_locked(Dev *d, const char *text)
{
	note("%s: command \"%s\"", d->serial, text);
	if (!strcmp(text, "unplug")) unplug_locked(d);
	else if (!strcmp(text, "plug")) { if (d->gone) g_idle_add(add_device, d); }
	else if (!strcmp(text, "fault busy")) d->fault_busy = TRUE;
	else if (!strcmp(text, "fault stall")) { d->fault_stall = TRUE; pump_locked(d); }
	else if (!strcmp(text, "fault none")) d->fault_busy = d->fault_stall = FALSE;
	else fprintf(stderr, "umockdev-mx: unknown command \"%s\" from the device side of %s (plug, unplug, fault busy|stall|none)\n", text, d->serial);
}

/* A device's socket: accepts the device side, one connection at a time, and takes its frames. */
static gpointer serve_device(gpointer data)
{
	Dev *d = data;
	for (;;) {
		int fd = accept4(d->listen_fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0) { if (errno == EINTR) continue; break; }
		g_mutex_lock(&mx.lock);
		if (d->bridge >= 0) close(d->bridge);
		d->bridge = fd;
		g_byte_array_set_size(d->in_data, 0);
		d->fault_busy = d->fault_stall = FALSE;
		/* The greeting: from here on the host's bulk OUT goes to this connection. The device side waits for it, since
		 * its connect() returns while the connection is still in the backlog (this thread may be draining the last
		 * one), and a bulk OUT before the accept would find no device side and fail. */
		gboolean greeted = write_frame_locked(d, 0xff, (const guint8 *) "ready", 5);
		g_mutex_unlock(&mx.lock);
		note("%s: device side connected%s", d->serial, greeted ? "" : " (the greeting could not be sent)");
		guint8 header[5];
		while (read_all(fd, header, sizeof header)) {
			guint32 len = header[0] | header[1] << 8 | header[2] << 16 | (guint32) header[3] << 24;
			if (len > (1u << 20)) break;
			guint8 *payload = g_malloc(len + 1);
			if (!read_all(fd, payload, len)) { g_free(payload); break; }
			payload[len] = 0;
			g_mutex_lock(&mx.lock);
			if (header[4] == 0xff) command_locked(d, (const char *) payload);
			else if (header[4] == d->ep_in && !d->gone) {
				g_byte_array_append(d->in_data, payload, len);
				pump_locked(d);
			}
			g_mutex_unlock(&mx.lock);
			g_free(payload);
		}
		g_mutex_lock(&mx.lock);
		if (d->bridge == fd) d->bridge = -1;
		g_mutex_unlock(&mx.lock);
		close(fd);
		note("%s: device side disconnected", d->serial);
	}
	return NULL;
}

/* A string descriptor (USB 2.0 §9.6.7) for `index`, UTF-16LE from ASCII; 0 is the language list. */
static guint string_descriptor(Dev *d, guint8 index, guint8 *out, guint room)
{
	const char *s = index == 1 ? d->manufacturer : index == 2 ? d->product : index == 3 ? d->serial : NULL;
	guint8 b[255];
	guint len;
	if (index == 0) {
		b[0] = 4; b[1] = 3; b[2] = 0x09; b[3] = 0x04;
		len = 4;
	} else if (s) {
		guint chars = MIN(strlen(s), 126);
		len = 2 + 2 * chars;
		b[0] = (guint8) len; b[1] = 3;
		for (guint i = 0; i < chars; i++) { b[2 + 2 * i] = (guint8) s[i]; b[3 + 2 * i] = 0; }
	} else {
		return G_MAXUINT;
	}
	len = MIN(len, room);
	memcpy(out, b, len);
	return len;
}

/* A control URB: buffer = 8-byte setup packet, then the data stage. Answers GET_DESCRIPTOR(string) and, on a CDC
 * device, the ACM class requests (forwarded to the device side too); stalls the rest. Call with `lock` held. */
static void control_urb(Dev *d, struct usbdevfs_urb *urb)
{
	guint8 *setup = urb->buffer;
	guint16 wValue = setup[2] | setup[3] << 8, wLength = setup[6] | setup[7] << 8;
	guint room = urb->buffer_length >= 8 ? MIN(wLength, (guint) urb->buffer_length - 8) : 0;
	guint n = G_MAXUINT;
	if (urb->buffer_length < 8) {
		/* no setup packet */
	} else if (setup[0] == 0x80 && setup[1] == 6 && (wValue >> 8) == 3) {
		n = string_descriptor(d, wValue & 0xff, setup + 8, room);
	} else if (d->cdc && setup[0] == 0x21 && (setup[1] == 0x20 || setup[1] == 0x22)) {
		if (setup[1] == 0x20 && room == 7) memcpy(d->line_coding, setup + 8, 7);
		if (setup[1] == 0x22 || room == 7) {
			n = 0;
			write_frame_locked(d, 0x00, setup, 8 + room);
		}
	} else if (d->cdc && setup[0] == 0xa1 && setup[1] == 0x21) {
		n = MIN(room, 7);
		memcpy(setup + 8, d->line_coding, n);
	}
	if (n == G_MAXUINT) {
		urb->actual_length = 0;
		urb->status = -EPIPE;
		note("%s: control request 0x%02x/0x%02x stalled", d->serial, setup[0], setup[1]);
	} else {
		urb->actual_length = (int) n;
		urb->status = 0;
	}
}

static gboolean on_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer data)
{
	Dev *d = data;
	gulong request = umockdev_ioctl_client_get_request(client);
	UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
	GError *err = NULL;
	int rc = 0, error = 0;

	g_mutex_lock(&mx.lock);
	if (d->gone && request != USBDEVFS_REAPURBNDELAY && request != USBDEVFS_REAPURB) {
		rc = -1; error = ENODEV;
		goto out;
	}
	switch (request) {
	case USBDEVFS_GET_CAPABILITIES: {
		UMockdevIoctlData *c = umockdev_ioctl_data_resolve(arg, 0, sizeof(guint32), &err);
		if (!c) { rc = -1; error = EFAULT; break; }
		*(guint32 *) c->data = USBDEVFS_CAP_ZERO_PACKET | USBDEVFS_CAP_BULK_CONTINUATION |
			USBDEVFS_CAP_NO_PACKET_SIZE_LIM | USBDEVFS_CAP_REAP_AFTER_DISCONNECT;
		g_object_unref(c);
		break;
	}
	case USBDEVFS_CLAIMINTERFACE:
	case USBDEVFS_RELEASEINTERFACE: {
		UMockdevIoctlData *c = umockdev_ioctl_data_resolve(arg, 0, sizeof(guint32), &err);
		if (!c) { rc = -1; error = EFAULT; break; }
		guint32 number = *(guint32 *) c->data;
		g_object_unref(c);
		if (number > (d->cdc ? 1u : 0u)) { rc = -1; error = ENOENT; }  /* the kernel's answer for an interface the device lacks */
		else if (request == USBDEVFS_CLAIMINTERFACE && d->fault_busy) {
			d->fault_busy = FALSE;
			rc = -1; error = EBUSY;   /* another process (or driver) holds it */
		} else if (request == USBDEVFS_RELEASEINTERFACE) {
			/* as usbfs does, releasing an interface discards the file's URBs on it (all IN URBs are on the data interface) */
			for (GList *l = d->pending_in.head; l;) {
				GList *next = l->next;
				Urb *u = l->data;
				if (u->client == client) {
					g_queue_delete_link(&d->pending_in, l);
					urb_of(u->ud)->status = -ENOENT;
					urb_of(u->ud)->actual_length = 0;
					g_queue_push_tail(&d->done, u);
				}
				l = next;
			}
		}
		note("%s: %s interface %u -> %s", d->serial, request == USBDEVFS_CLAIMINTERFACE ? "claim" : "release", number,
		     rc ? g_strerror(error) : "ok");
		break;
	}
	case USBDEVFS_SETINTERFACE:
	case USBDEVFS_SETCONFIGURATION:
	case USBDEVFS_CLEAR_HALT:
	case USBDEVFS_RESETEP:
	case USBDEVFS_RESET:
		break;
	case USBDEVFS_GETDRIVER:  /* no kernel driver is bound to the interface */
		rc = -1; error = ENODATA;
		break;

	case USBDEVFS_SUBMITURB: {
		UMockdevIoctlData *ud = umockdev_ioctl_data_resolve(arg, 0, sizeof(struct usbdevfs_urb), &err);
		if (!ud) { rc = -1; error = EFAULT; break; }
		struct usbdevfs_urb *urb = urb_of(ud);
		UMockdevIoctlData *bd = NULL;
		if (urb->buffer_length > 0 &&
		    !(bd = umockdev_ioctl_data_resolve(ud, G_STRUCT_OFFSET(struct usbdevfs_urb, buffer), urb->buffer_length, &err))) {
			g_object_unref(ud);
			rc = -1; error = EFAULT;
			break;
		}
		note("%s: SUBMITURB type %u endpoint 0x%02x, %d bytes", d->serial, urb->type, urb->endpoint, urb->buffer_length);
		if (urb->type == USBDEVFS_URB_TYPE_BULK && urb->endpoint == d->ep_out) {
			if (write_frame_locked(d, d->ep_out, urb->buffer, (guint32) urb->buffer_length)) {
				urb->actual_length = urb->buffer_length;
				urb->status = 0;
			} else {
				fprintf(stderr, "umockdev-mx: bulk OUT to %s with no device side connected on %s\n", d->serial, d->socket_path);
				urb->actual_length = 0;
				urb->status = -EPROTO;
			}
			g_queue_push_tail(&d->done, urb_new(client, ud));
		} else if (urb->type == USBDEVFS_URB_TYPE_BULK && urb->endpoint == d->ep_in) {
			g_queue_push_tail(&d->pending_in, urb_new(client, ud));
			pump_locked(d);
			if (d->unplug_armed) unplug_locked(d);
		} else if (urb->type == USBDEVFS_URB_TYPE_CONTROL) {
			control_urb(d, urb);
			g_queue_push_tail(&d->done, urb_new(client, ud));
		} else {
			/* the device has no such endpoint */
			g_object_unref(ud);
			rc = -1; error = ENOENT;
		}
		g_clear_object(&bd);
		break;
	}

	case USBDEVFS_REAPURB:
	case USBDEVFS_REAPURBNDELAY: {
		GList *link = d->done.head;
		while (link && ((Urb *) link->data)->client != client) link = link->next;
		if (!link) {
			/* libusb reaps only with REAPURBNDELAY; a blocking REAPURB is not emulated */
			mx.reaps_empty++;
			rc = -1; error = d->gone ? ENODEV : EAGAIN;
			break;
		}
		UMockdevIoctlData *pointer = umockdev_ioctl_data_resolve(arg, 0, sizeof(gpointer), &err);
		if (!pointer) { rc = -1; error = EFAULT; break; }
		Urb *u = link->data;
		g_queue_delete_link(&d->done, link);
		umockdev_ioctl_data_set_ptr(pointer, 0, u->ud);   /* *arg = the client's address of the URB */
		note("%s: REAP endpoint 0x%02x status %d, %d bytes", d->serial, urb_of(u->ud)->endpoint, urb_of(u->ud)->status, urb_of(u->ud)->actual_length);
		g_object_unref(pointer);
		urb_free(u);
		break;
	}

	case USBDEVFS_DISCARDURB: {
		gulong address = *(gulong *) arg->data;
		rc = -1; error = EINVAL;   /* not pending any more: already completed */
		for (GList *l = d->pending_in.head; l; l = l->next) {
			Urb *u = l->data;
			if (u->client != client || u->ud->client_addr != address) continue;
			g_queue_delete_link(&d->pending_in, l);
			urb_of(u->ud)->status = -ENOENT;
			urb_of(u->ud)->actual_length = 0;
			g_queue_push_tail(&d->done, u);
			rc = 0; error = 0;
			break;
		}
		note("%s: DISCARDURB -> %s", d->serial, rc ? "EINVAL" : "discarded");
		break;
	}

	default:
		note("%s: ioctl 0x%lx not emulated -> ENOTTY", d->serial, request);
		rc = -1; error = ENOTTY;
	}
out:
	g_mutex_unlock(&mx.lock);
	g_clear_error(&err);
	umockdev_ioctl_client_complete(client, rc, error);
	return TRUE;
}

/* An open file of the device closed: its URBs go with it. */
static void on_client_vanished(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer data)
{
	Dev *d = data;
	GQueue *queues[] = { &d->pending_in, &d->done };
	g_mutex_lock(&mx.lock);
	for (guint q = 0; q < G_N_ELEMENTS(queues); q++) {
		GList *l = queues[q]->head;
		while (l) {
			GList *next = l->next;
			if (((Urb *) l->data)->client == client) {
				urb_free(l->data);
				g_queue_delete_link(queues[q], l);
			}
			l = next;
		}
	}
	g_mutex_unlock(&mx.lock);
}

static gboolean on_sigusr1(gpointer unused)
{
	Dev *d = &mx.devices[0];
	g_mutex_lock(&mx.lock);
	if (!d->gone) {
		d->unplug_armed = TRUE;
		if (!g_queue_is_empty(&d->pending_in)) unplug_locked(d);
		note("%s: unplug armed", d->serial);
	}
	g_mutex_unlock(&mx.lock);
	return G_SOURCE_CONTINUE;
}

/* The descriptors of `d` as umockdev's hex text. */
static char *descriptors_hex(Dev *d)
{
	guint8 b[128];
	guint n = 0;
	guint8 device[18] = { 18, 1, 0x00, 0x02, d->cdc ? 0x02 : 0x00, 0, 0, 64, d->vid & 0xff, d->vid >> 8, d->pid & 0xff, d->pid >> 8,
			      0x00, 0x01, 1, 2, 3, 1 };
	memcpy(b + n, device, sizeof device); n += sizeof device;
	if (d->cdc) {
		/* configuration (67 bytes, 2 interfaces); communications interface 0 with the ACM functional descriptors and
		 * its notification endpoint 0x83; data interface 1 with bulk OUT 0x01 and bulk IN 0x82 */
		static const guint8 config[] = {
			9, 2, 67, 0, 2, 1, 0, 0x80, 50,
			9, 4, 0, 0, 1, 0x02, 0x02, 0x01, 0,
			5, 0x24, 0x00, 0x10, 0x01,
			5, 0x24, 0x01, 0x00, 0x01,
			4, 0x24, 0x02, 0x02,
			5, 0x24, 0x06, 0x00, 0x01,
			7, 5, 0x83, 0x03, 16, 0, 16,
			9, 4, 1, 0, 2, 0x0a, 0, 0, 0,
			7, 5, 0x01, 0x02, 64, 0, 0,
			7, 5, 0x82, 0x02, 64, 0, 0,
		};
		memcpy(b + n, config, sizeof config); n += sizeof config;
	} else {
		/* configuration (32 bytes); interface 0 class 0xff with bulk IN 0x81 and bulk OUT 0x02 */
		static const guint8 config[] = {
			9, 2, 32, 0, 1, 1, 0, 0x80, 50,
			9, 4, 0, 0, 2, 0xff, 0, 0, 0,
			7, 5, 0x81, 0x02, 64, 0, 0,
			7, 5, 0x02, 0x02, 64, 0, 0,
		};
		memcpy(b + n, config, sizeof config); n += sizeof config;
	}
	GString *hex = g_string_new(NULL);
	for (guint i = 0; i < n; i++) g_string_append_printf(hex, "%02x", b[i]);
	return g_string_free(hex, FALSE);
}

/* Puts `d` on the bus under the next device number (on the main thread, which owns the testbed). */
static gboolean add_device(gpointer data)
{
	Dev *d = data;
	GError *err = NULL;
	g_mutex_lock(&mx.lock);
	int devnum = mx.next_devnum++;
	g_snprintf(d->devnode, sizeof d->devnode, "/dev/bus/usb/001/%03d", devnum);
	d->devnum = devnum;
	g_mutex_unlock(&mx.lock);
	UMockdevIoctlBase *handler = umockdev_ioctl_base_new();
	g_signal_connect(handler, "handle-ioctl", G_CALLBACK(on_ioctl), d);
	g_signal_connect(handler, "client-vanished", G_CALLBACK(on_client_vanished), d);
	/* the handler must be attached before the node exists, or the node is a plain file */
	if (!umockdev_testbed_attach_ioctl(mx.tb, d->devnode, handler, &err)) fail("attaching the ioctl handler to %s: %s", d->devnode, err->message);
	char *hex = descriptors_hex(d);
	char *record = g_strdup_printf(
		"P: %s\n"
		"N: bus/usb/001/%03d\n"
		"E: SUBSYSTEM=usb\n"
		"E: DEVTYPE=usb_device\n"
		"E: DRIVER=usb\n"
		"E: BUSNUM=001\n"
		"E: DEVNUM=%03d\n"
		"E: DEVNAME=%s\n"
		"E: PRODUCT=%x/%x/100\n"
		"A: busnum=1\\n\n"
		"A: devnum=%d\\n\n"
		"A: idVendor=%04x\\n\n"
		"A: idProduct=%04x\\n\n"
		"A: manufacturer=%s\\n\n"
		"A: product=%s\\n\n"
		"A: serial=%s\\n\n"
		"A: bConfigurationValue=1\\n\n"
		"A: bNumConfigurations=1\\n\n"
		"A: speed=480\\n\n"
		"H: descriptors=%s\n", d->sysfs, devnum, devnum, d->devnode, d->vid, d->pid, devnum, d->vid, d->pid,
		d->manufacturer, d->product, d->serial, hex);
	/* The device answers before the host hears of it, as a real one does once enumerated: adding it sends the "add"
	 * uevent, and the host's hotplug callback may open it and ask for its strings at once, from another thread. */
	g_mutex_lock(&mx.lock);
	UMockdevIoctlBase *old = d->handler;
	d->handler = handler;
	d->gone = FALSE;
	d->unplug_armed = FALSE;
	g_mutex_unlock(&mx.lock);
	if (!umockdev_testbed_add_from_string(mx.tb, record, &err)) fail("adding %s to the testbed: %s", d->serial, err->message);
	g_free(record);
	g_free(hex);
	if (old) g_object_unref(old);
	note("%s: plugged in as %s", d->serial, d->devnode);
	return G_SOURCE_REMOVE;
}

/* Takes an unplugged device out of sysfs (on the main thread, where the testbed was made). */
static gboolean remove_device(gpointer data)
{
	Dev *d = data;
	char *path = g_strconcat("/sys", d->sysfs, NULL);
	umockdev_testbed_uevent(mx.tb, path, "remove");
	umockdev_testbed_remove_device(mx.tb, path);
	g_free(path);
	note("%s: removed from sysfs", d->serial);
	return G_SOURCE_REMOVE;
}

static void on_child_exit(GPid pid, gint status, gpointer unused)
{
	mx.child_status = status;
	g_spawn_close_pid(pid);
	g_main_loop_quit(mx.loop);
}

static int listen_on(const char *path)
{
	struct sockaddr_un address = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof address.sun_path) fail("socket path %s is longer than %zu bytes", path, sizeof address.sun_path - 1);
	strcpy(address.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) fail("socket: %s", g_strerror(errno));
	unlink(path);
	if (bind(fd, (struct sockaddr *) &address, sizeof address) != 0 || listen(fd, 4) != 0)
		fail("cannot listen on %s: %s", path, g_strerror(errno));
	return fd;
}

#define USAGE "usage: umockdev-mx --device KIND:VID:PID:SERIAL:PRODUCT:SOCKET [--device ...] -- PROGRAM [ARGS...]\n" \
	"  KIND mx (vendor-specific, Cognex) or cdc (CDC ACM, Consumer Physics); VID and PID four hex digits"

static void parse_device(const char *spec)
{
	if (mx.count == MAX_DEVICES) fail("at most %d devices", MAX_DEVICES);
	char **f = g_strsplit(spec, ":", 6);
	if (g_strv_length(f) != 6) fail("--device %s: expected KIND:VID:PID:SERIAL:PRODUCT:SOCKET\n" USAGE, spec);
	Dev *d = &mx.devices[mx.count];
	d->index = ++mx.count;
	if (!strcmp(f[0], "mx")) d->cdc = FALSE;
	else if (!strcmp(f[0], "cdc")) d->cdc = TRUE;
	else fail("--device %s: kind %s is neither mx nor cdc", spec, f[0]);
	char *end;
	unsigned long vid = strtoul(f[1], &end, 16);
	if (strlen(f[1]) != 4 || *end || vid > 0xffff) fail("--device %s: vendor %s is not four hex digits", spec, f[1]);
	unsigned long pid = strtoul(f[2], &end, 16);
	if (strlen(f[2]) != 4 || *end || pid > 0xffff) fail("--device %s: product %s is not four hex digits", spec, f[2]);
	if (!*f[3] || !*f[4] || !*f[5]) fail("--device %s: serial, product and socket must not be empty", spec);
	d->vid = (guint16) vid; d->pid = (guint16) pid;
	d->serial = f[3]; d->product = f[4]; d->socket_path = f[5];
	d->manufacturer = d->cdc ? "Consumer Physics" : "Cognex";
	d->ep_in = d->cdc ? 0x82 : 0x81;
	d->ep_out = d->cdc ? 0x01 : 0x02;
	memcpy(d->line_coding, (guint8[]) { 0x00, 0xc2, 0x01, 0x00, 0, 0, 8 }, 7);   /* 115200 8N1 until the host sets one */
	g_snprintf(d->sysfs, sizeof d->sysfs, "/devices/pci0000:00/0000:00:14.0/usb1/1-%d", d->index);
	d->bridge = -1;
	g_queue_init(&d->pending_in);
	g_queue_init(&d->done);
	d->in_data = g_byte_array_new();
	g_free(f);   /* the strings stay: the Dev points at them */
}

int main(int argc, char **argv)
{
	int i;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--device") && i + 1 < argc) parse_device(argv[++i]);
		else if (!strcmp(argv[i], "--")) { i++; break; }
		else fail("unknown argument %s\n" USAGE, argv[i]);
	}
	if (mx.count == 0 || i >= argc) fail(USAGE);
	/* The testbed sends uevents through libudev, which accepts only paths under /sys: this process
	 * needs the preload as much as the child does, so it restarts itself under it once. */
	const char *preloaded = g_getenv("LD_PRELOAD");
	if (!preloaded || !strstr(preloaded, "libumockdev-preload")) {
		char *preload = g_strdup_printf("libumockdev-preload.so.0%s%s", preloaded && *preloaded ? ":" : "", preloaded ? preloaded : "");
		g_setenv("LD_PRELOAD", preload, TRUE);
		execv("/proc/self/exe", argv);
		fail("cannot restart under libumockdev-preload: %s", g_strerror(errno));
	}
	mx.verbose = g_getenv("UMOCKDEV_MX_DEBUG") != NULL;
	g_mutex_init(&mx.lock);
	mx.next_devnum = 2;

	mx.tb = umockdev_testbed_new();   /* sets $UMOCKDEV_DIR in this process, which the child inherits */
	for (int k = 0; k < mx.count; k++) {
		Dev *d = &mx.devices[k];
		d->listen_fd = listen_on(d->socket_path);
		add_device(d);
		g_thread_unref(g_thread_new("device-side", serve_device, d));
	}

	char *pid = g_strdup_printf("%d", (int) getpid());
	char **envp = g_environ_setenv(g_get_environ(), "RIGKIT_UMOCKDEV_PID", pid, TRUE);   /* LD_PRELOAD is inherited */
	GPid child;
	GError *err = NULL;
	if (!g_spawn_async(NULL, argv + i, envp, G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_CHILD_INHERITS_STDIN,
			   NULL, NULL, &child, &err))
		fail("cannot start %s: %s", argv[i], err->message);
	mx.loop = g_main_loop_new(NULL, FALSE);
	g_child_watch_add(child, on_child_exit, NULL);
	g_unix_signal_add(SIGUSR1, on_sigusr1, NULL);
	g_main_loop_run(mx.loop);

	note("%" G_GUINT64_FORMAT " empty reaps", mx.reaps_empty);
	for (int k = 0; k < mx.count; k++) {
		/* the device-side threads end with the process; their sockets go with the testbed's directory */
		unlink(mx.devices[k].socket_path);
	}
	g_clear_object(&mx.tb);   /* removes the testbed directory */
	g_strfreev(envp);
	g_free(pid);
	return WIFEXITED(mx.child_status) ? WEXITSTATUS(mx.child_status) : 128 + WTERMSIG(mx.child_status);
}
