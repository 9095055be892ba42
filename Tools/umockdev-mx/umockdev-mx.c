/* umockdev-mx: runs a program against an emulated Cognex MX-1502 on usbdevfs, with no kernel USB.
 *
 *   umockdev-mx --bridge SOCKET [--serial SERIAL] -- PROGRAM [ARGS...]
 *
 * Creates a umockdev testbed with the sysfs entry and device node of a vendor-specific device
 * (1209:0d02, interface 0 class 0xff, bulk IN 0x81, bulk OUT 0x02), answers the program's
 * usbdevfs ioctls (the ones libusb 1.0.26 makes), and runs PROGRAM as a child under
 * libumockdev-preload. The device itself is not here: bulk OUT payloads go to the bridge
 * process on SOCKET (mx-usb-bridge, which runs RigKit's MX simulator) and IN data comes back
 * from it. Frames both ways: u32 little-endian payload length, u8 endpoint, payload.
 *
 * Unplug: SIGUSR1 to this process (the child finds its pid in $RIGKIT_UMOCKDEV_PID) arms an
 * unplug that happens as soon as a bulk IN URB is pending: pending URBs complete with
 * -ESHUTDOWN, every later ioctl fails with ENODEV and the device leaves sysfs (a "remove" uevent).
 *
 * Threads: umockdev answers ioctls on its testbed worker thread; a reader thread takes IN
 * frames from the bridge; the main thread runs the child watch and the signal. `lock`
 * guards everything in `Mx` below it.
 *
 * Exit status: the child's; 2 when the emulation cannot start (the message says why). */
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

#define SYSFS_PATH "/devices/pci0000:00/0000:00:14.0/usb1/1-1"
#define DEVNODE "/dev/bus/usb/001/002"
#define EP_IN 0x81
#define EP_OUT 0x02

/* Device: USB 2.0, class per interface, 64-byte EP0, 1209:0d02 bcdDevice 1.00,
 * strings 1 manufacturer, 2 product, 3 serial; one configuration with interface 0
 * (class 0xff) and its two bulk endpoints of 64 bytes. */
#define DESCRIPTORS \
	"120100020000004009120" "20d0001010203" "01" \
	"0902200001010080" "32" \
	"090400000" "2ff000000" \
	"07058102400000" \
	"07050202400000"

typedef struct {
	UMockdevTestbed *tb;
	UMockdevIoctlBase *handler;
	int bridge;            /* connected stream socket to mx-usb-bridge */
	const char *serial;
	gboolean verbose;
	GMainLoop *loop;
	int child_status;

	GMutex lock;
	GQueue pending_in;     /* Urb* of IN URBs waiting for data */
	GQueue done;           /* Urb* of completed URBs, each reaped only through the open file that submitted it */
	GByteArray *in_data;   /* bytes from the device not yet delivered to an IN URB */
	gboolean unplug_armed;
	gboolean gone;
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

static gboolean remove_device(gpointer unused);

static struct usbdevfs_urb *urb_of(UMockdevIoctlData *ud) { return (struct usbdevfs_urb *) ud->data; }

/* Hands waiting IN URBs the device's data. Call with `lock` held. */
static void pump_locked(void)
{
	while (!g_queue_is_empty(&mx.pending_in) && mx.in_data->len > 0) {
		Urb *u = g_queue_pop_head(&mx.pending_in);
		struct usbdevfs_urb *urb = urb_of(u->ud);
		guint n = MIN(mx.in_data->len, (guint) urb->buffer_length);
		/* urb->buffer is umockdev's copy of the client's buffer, written back when the URB is reaped */
		memcpy(urb->buffer, mx.in_data->data, n);
		g_byte_array_remove_range(mx.in_data, 0, n);
		urb->actual_length = (int) n;
		urb->status = 0;
		g_queue_push_tail(&mx.done, u);
		note("IN URB completed with %u bytes", n);
	}
}

/* Disconnects the device: pending URBs end with -ESHUTDOWN, as the kernel ends them. Call with `lock` held. */
static void unplug_locked(void)
{
	Urb *u;
	mx.gone = TRUE;
	mx.unplug_armed = FALSE;
	while ((u = g_queue_pop_head(&mx.pending_in))) {
		urb_of(u->ud)->status = -ESHUTDOWN;
		urb_of(u->ud)->actual_length = 0;
		g_queue_push_tail(&mx.done, u);
	}
	g_idle_add(remove_device, NULL);   /* wakes the main loop, which owns the testbed */
	note("unplugged");
}

static void write_frame(guint8 endpoint, const guint8 *data, guint32 len)
{
	guint8 header[5] = { len & 0xff, (len >> 8) & 0xff, (len >> 16) & 0xff, len >> 24, endpoint };
	struct iovec parts[2] = { { header, sizeof header }, { (void *) data, len } };
	struct msghdr msg = { .msg_iov = parts, .msg_iovlen = 2 };
	ssize_t total = sizeof header + len;
	if (sendmsg(mx.bridge, &msg, MSG_NOSIGNAL) != total)
		fprintf(stderr, "umockdev-mx: cannot send %u OUT bytes to the bridge: %s\n", len, g_strerror(errno));
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

/* The reader thread: IN frames from the bridge, completed into waiting URBs as they come. */
static gpointer bridge_reader(gpointer unused)
{
	guint8 header[5];
	while (read_all(mx.bridge, header, sizeof header)) {
		guint32 len = header[0] | header[1] << 8 | header[2] << 16 | (guint32) header[3] << 24;
		guint8 *payload = g_malloc(len ? len : 1);
		if (!read_all(mx.bridge, payload, len)) { g_free(payload); break; }
		note("bridge: %u bytes for endpoint 0x%02x", len, header[4]);
		g_mutex_lock(&mx.lock);
		if (header[4] == EP_IN && !mx.gone) {
			g_byte_array_append(mx.in_data, payload, len);
			pump_locked();
		}
		g_mutex_unlock(&mx.lock);
		g_free(payload);
	}
	note("bridge closed the connection");
	return NULL;
}

/* A string descriptor (USB 2.0 §9.6.7) for `index`, UTF-16LE from ASCII; 0 is the language list. */
static guint string_descriptor(guint8 index, guint8 *out, guint room)
{
	const char *s = index == 1 ? "Cognex" : index == 2 ? "MX-1502" : index == 3 ? mx.serial : NULL;
	guint8 d[255];
	guint len;
	if (index == 0) {
		d[0] = 4; d[1] = 3; d[2] = 0x09; d[3] = 0x04;
		len = 4;
	} else if (s) {
		guint chars = MIN(strlen(s), 126);
		len = 2 + 2 * chars;
		d[0] = (guint8) len; d[1] = 3;
		for (guint i = 0; i < chars; i++) { d[2 + 2 * i] = (guint8) s[i]; d[3 + 2 * i] = 0; }
	} else {
		return G_MAXUINT;
	}
	len = MIN(len, room);
	memcpy(out, d, len);
	return len;
}

/* A control URB: buffer = 8-byte setup packet, then the data stage. Answers GET_DESCRIPTOR(string); stalls the rest. */
static void control_urb(struct usbdevfs_urb *urb)
{
	guint8 *setup = urb->buffer;
	guint16 wValue = setup[2] | setup[3] << 8, wLength = setup[6] | setup[7] << 8;
	guint n = G_MAXUINT;
	if (urb->buffer_length >= 8 && setup[0] == 0x80 && setup[1] == 6 && (wValue >> 8) == 3)
		n = string_descriptor(wValue & 0xff, setup + 8, MIN(wLength, (guint) urb->buffer_length - 8));
	if (n == G_MAXUINT) {
		urb->actual_length = 0;
		urb->status = -EPIPE;
		note("control request 0x%02x/0x%02x stalled", setup[0], setup[1]);
	} else {
		urb->actual_length = (int) n;
		urb->status = 0;
	}
}

static gboolean on_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer unused)
{
	gulong request = umockdev_ioctl_client_get_request(client);
	UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
	GError *err = NULL;
	int rc = 0, error = 0;

	g_mutex_lock(&mx.lock);
	if (mx.gone && request != USBDEVFS_REAPURBNDELAY && request != USBDEVFS_REAPURB) {
		rc = -1; error = ENODEV;
		goto out;
	}
	switch (request) {
	case USBDEVFS_GET_CAPABILITIES: {
		UMockdevIoctlData *d = umockdev_ioctl_data_resolve(arg, 0, sizeof(guint32), &err);
		if (!d) { rc = -1; error = EFAULT; break; }
		*(guint32 *) d->data = USBDEVFS_CAP_ZERO_PACKET | USBDEVFS_CAP_BULK_CONTINUATION |
			USBDEVFS_CAP_NO_PACKET_SIZE_LIM | USBDEVFS_CAP_REAP_AFTER_DISCONNECT;
		g_object_unref(d);
		break;
	}
	case USBDEVFS_CLAIMINTERFACE:
	case USBDEVFS_RELEASEINTERFACE: {
		UMockdevIoctlData *d = umockdev_ioctl_data_resolve(arg, 0, sizeof(guint32), &err);
		if (!d) { rc = -1; error = EFAULT; break; }
		guint32 number = *(guint32 *) d->data;
		g_object_unref(d);
		if (number != 0) { rc = -1; error = ENOENT; }  /* the kernel's answer for an interface the device lacks */
		note("%s interface %u -> %s", request == USBDEVFS_CLAIMINTERFACE ? "claim" : "release", number, rc ? "ENOENT" : "ok");
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
		note("SUBMITURB type %u endpoint 0x%02x, %d bytes", urb->type, urb->endpoint, urb->buffer_length);
		if (urb->type == USBDEVFS_URB_TYPE_BULK && urb->endpoint == EP_OUT) {
			write_frame(EP_OUT, urb->buffer, (guint32) urb->buffer_length);
			urb->actual_length = urb->buffer_length;
			urb->status = 0;
			g_queue_push_tail(&mx.done, urb_new(client, ud));
		} else if (urb->type == USBDEVFS_URB_TYPE_BULK && urb->endpoint == EP_IN) {
			g_queue_push_tail(&mx.pending_in, urb_new(client, ud));
			pump_locked();
			if (mx.unplug_armed) unplug_locked();
		} else if (urb->type == USBDEVFS_URB_TYPE_CONTROL) {
			control_urb(urb);
			g_queue_push_tail(&mx.done, urb_new(client, ud));
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
		GList *link = mx.done.head;
		while (link && ((Urb *) link->data)->client != client) link = link->next;
		if (!link) {
			/* libusb reaps only with REAPURBNDELAY; a blocking REAPURB is not emulated */
			mx.reaps_empty++;
			rc = -1; error = mx.gone ? ENODEV : EAGAIN;
			break;
		}
		UMockdevIoctlData *pointer = umockdev_ioctl_data_resolve(arg, 0, sizeof(gpointer), &err);
		if (!pointer) { rc = -1; error = EFAULT; break; }
		Urb *u = link->data;
		g_queue_delete_link(&mx.done, link);
		umockdev_ioctl_data_set_ptr(pointer, 0, u->ud);   /* *arg = the client's address of the URB */
		note("REAP endpoint 0x%02x status %d, %d bytes", urb_of(u->ud)->endpoint, urb_of(u->ud)->status, urb_of(u->ud)->actual_length);
		g_object_unref(pointer);
		urb_free(u);
		break;
	}

	case USBDEVFS_DISCARDURB: {
		gulong address = *(gulong *) arg->data;
		rc = -1; error = EINVAL;   /* not pending any more: already completed */
		for (GList *l = mx.pending_in.head; l; l = l->next) {
			Urb *u = l->data;
			if (u->client != client || u->ud->client_addr != address) continue;
			g_queue_delete_link(&mx.pending_in, l);
			urb_of(u->ud)->status = -ENOENT;
			urb_of(u->ud)->actual_length = 0;
			g_queue_push_tail(&mx.done, u);
			rc = 0; error = 0;
			break;
		}
		note("DISCARDURB -> %s", rc ? "EINVAL" : "discarded");
		break;
	}

	default:
		note("ioctl 0x%lx not emulated -> ENOTTY", request);
		rc = -1; error = ENOTTY;
	}
out:
	g_mutex_unlock(&mx.lock);
	g_clear_error(&err);
	umockdev_ioctl_client_complete(client, rc, error);
	return TRUE;
}

/* An open file of the device closed: its URBs go with it. */
static void on_client_vanished(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer unused)
{
	GQueue *queues[] = { &mx.pending_in, &mx.done };
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
	g_mutex_lock(&mx.lock);
	if (!mx.gone) {
		mx.unplug_armed = TRUE;
		if (!g_queue_is_empty(&mx.pending_in)) unplug_locked();
		note("unplug armed");
	}
	g_mutex_unlock(&mx.lock);
	return G_SOURCE_CONTINUE;
}

/* Takes the unplugged device out of sysfs (on the main thread, where the testbed was made). */
static gboolean remove_device(gpointer unused)
{
	umockdev_testbed_uevent(mx.tb, "/sys" SYSFS_PATH, "remove");
	umockdev_testbed_remove_device(mx.tb, "/sys" SYSFS_PATH);
	note("removed from sysfs");
	return G_SOURCE_REMOVE;
}

static void on_child_exit(GPid pid, gint status, gpointer unused)
{
	mx.child_status = status;
	g_spawn_close_pid(pid);
	g_main_loop_quit(mx.loop);
}

static int connect_bridge(const char *path)
{
	struct sockaddr_un address = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof address.sun_path) fail("bridge socket path %s is longer than %zu bytes", path, sizeof address.sun_path - 1);
	strcpy(address.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) fail("socket: %s", g_strerror(errno));
	if (connect(fd, (struct sockaddr *) &address, sizeof address) != 0)
		fail("cannot connect to the MX bridge at %s: %s (start mx-usb-bridge --socket %s first)", path, g_strerror(errno), path);
	return fd;
}

int main(int argc, char **argv)
{
	const char *bridge_path = NULL;
	int i;
	mx.serial = "UMOCK1502";
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--bridge") && i + 1 < argc) bridge_path = argv[++i];
		else if (!strcmp(argv[i], "--serial") && i + 1 < argc) mx.serial = argv[++i];
		else if (!strcmp(argv[i], "--")) { i++; break; }
		else fail("unknown argument %s\nusage: umockdev-mx --bridge SOCKET [--serial SERIAL] -- PROGRAM [ARGS...]", argv[i]);
	}
	if (!bridge_path || i >= argc) fail("usage: umockdev-mx --bridge SOCKET [--serial SERIAL] -- PROGRAM [ARGS...]");
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
	g_queue_init(&mx.pending_in);
	g_queue_init(&mx.done);
	mx.in_data = g_byte_array_new();
	mx.bridge = connect_bridge(bridge_path);

	GError *err = NULL;
	mx.tb = umockdev_testbed_new();   /* sets $UMOCKDEV_DIR in this process, which the child inherits */
	mx.handler = umockdev_ioctl_base_new();
	g_signal_connect(mx.handler, "handle-ioctl", G_CALLBACK(on_ioctl), NULL);
	g_signal_connect(mx.handler, "client-vanished", G_CALLBACK(on_client_vanished), NULL);
	/* the handler must be attached before the node exists, or the node is a plain file */
	if (!umockdev_testbed_attach_ioctl(mx.tb, DEVNODE, mx.handler, &err)) fail("attaching the ioctl handler to %s: %s", DEVNODE, err->message);
	char *record = g_strdup_printf(
		"P: " SYSFS_PATH "\n"
		"N: bus/usb/001/002\n"
		"E: SUBSYSTEM=usb\n"
		"E: DEVTYPE=usb_device\n"
		"E: DRIVER=usb\n"
		"E: BUSNUM=001\n"
		"E: DEVNUM=002\n"
		"E: DEVNAME=" DEVNODE "\n"
		"E: PRODUCT=1209/d02/100\n"
		"A: busnum=1\\n\n"
		"A: devnum=2\\n\n"
		"A: idVendor=1209\\n\n"
		"A: idProduct=0d02\\n\n"
		"A: manufacturer=Cognex\\n\n"
		"A: product=MX-1502\\n\n"
		"A: serial=%s\\n\n"
		"A: bConfigurationValue=1\\n\n"
		"A: bNumConfigurations=1\\n\n"
		"A: speed=480\\n\n"
		"H: descriptors=" DESCRIPTORS "\n", mx.serial);
	if (!umockdev_testbed_add_from_string(mx.tb, record, &err)) fail("adding the device to the testbed: %s", err->message);
	g_free(record);
	GThread *reader = g_thread_new("bridge-reader", bridge_reader, NULL);

	char *pid = g_strdup_printf("%d", (int) getpid());
	char **envp = g_environ_setenv(g_get_environ(), "RIGKIT_UMOCKDEV_PID", pid, TRUE);   /* LD_PRELOAD is inherited */
	GPid child;
	if (!g_spawn_async(NULL, argv + i, envp, G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_CHILD_INHERITS_STDIN,
			   NULL, NULL, &child, &err))
		fail("cannot start %s: %s", argv[i], err->message);
	mx.loop = g_main_loop_new(NULL, FALSE);
	g_child_watch_add(child, on_child_exit, NULL);
	g_unix_signal_add(SIGUSR1, on_sigusr1, NULL);
	g_main_loop_run(mx.loop);

	note("%" G_GUINT64_FORMAT " empty reaps", mx.reaps_empty);
	shutdown(mx.bridge, SHUT_RDWR);
	g_thread_join(reader);
	close(mx.bridge);
	g_clear_object(&mx.handler);
	g_clear_object(&mx.tb);   /* removes the testbed directory */
	g_strfreev(envp);
	g_free(pid);
	return WIFEXITED(mx.child_status) ? WEXITSTATUS(mx.child_status) : 128 + WTERMSIG(mx.child_status);
}
