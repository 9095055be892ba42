#ifndef RIG_IMAGE_SHIM_H
#define RIG_IMAGE_SHIM_H
#include <stddef.h>

/// Decodes PNG bytes to 8-bit grayscale. Returns 0 on success; otherwise non-zero with `message` set to libpng's
/// own words (or the budget's). An image that declares more than `max_pixels` pixels is refused before any pixel
/// memory is allocated. On success `*pixels` is malloc'ed (width × height bytes, rows packed) and the caller frees it
/// with rig_image_free.
int rig_png_decode_gray(const unsigned char *data, size_t size, size_t max_pixels, unsigned char **pixels, int *width, int *height,
                        char *message, size_t message_size);

/// Encodes 8-bit grayscale pixels (rows packed) as PNG into a malloc'ed buffer. Returns 0 on success.
int rig_png_encode_gray(const unsigned char *pixels, int width, int height, unsigned char **out, size_t *out_size,
                        char *message, size_t message_size);

/// Decodes JPEG bytes to 8-bit grayscale; same contract as rig_png_decode_gray.
int rig_jpeg_decode_gray(const unsigned char *data, size_t size, size_t max_pixels, unsigned char **pixels, int *width, int *height,
                         char *message, size_t message_size);

/// Encodes 8-bit grayscale pixels as a baseline JPEG of `quality` (1–100) into a malloc'ed buffer. Returns 0 on success.
int rig_jpeg_encode_gray(const unsigned char *pixels, int width, int height, int quality, unsigned char **out,
                         unsigned long *out_size, char *message, size_t message_size);

/// Frees a buffer returned by the functions above.
void rig_image_free(void *buffer);
#endif
