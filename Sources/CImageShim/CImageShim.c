// libpng and libjpeg report fatal errors by longjmp; the jumps stay inside these C functions and become error codes.
#include "CImageShim.h"
#include <png.h>
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>


struct png_source { const unsigned char *data; size_t size; size_t offset; };
struct png_context { jmp_buf jump; char *message; size_t message_size; };

static void png_error_fn(png_structp png, png_const_charp text) {
    struct png_context *context = png_get_error_ptr(png);
    snprintf(context->message, context->message_size, "%s", text);
    longjmp(context->jump, 1);
}

static void png_warning_fn(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void png_read_fn(png_structp png, png_bytep out, png_size_t length) {
    struct png_source *source = png_get_io_ptr(png);
    if (source->size - source->offset < length) png_error(png, "file is truncated");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

int rig_png_decode_gray(const unsigned char *data, size_t size, size_t max_pixels, unsigned char **pixels, int *width, int *height,
                        char *message, size_t message_size) {
    struct png_context context = { .message = message, .message_size = message_size };
    struct png_source source = { data, size, 0 };
    unsigned char *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    *pixels = NULL;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) { snprintf(message, message_size, "not a PNG signature"); return 1; }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, png_error_fn, png_warning_fn);
    if (!png) { snprintf(message, message_size, "out of memory"); return 2; }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(message, message_size, "out of memory");
        return 2;
    }
    if (setjmp(context.jump)) {
        // libpng's own message is in `message` already (png_error_fn); keep it.
        png_destroy_read_struct(&png, &info, NULL);
        free(buffer);
        free(rows);
        return 3;
    }
    png_set_read_fn(png, &source, png_read_fn);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (w == 0 || h == 0) png_error(png, "the image declares no pixels");
    if ((size_t)w * h > max_pixels) {
        char text[160];
        snprintf(text, sizeof text, "the image declares %lu x %lu pixels, over the budget of %zu pixels",
                 (unsigned long)w, (unsigned long)h, max_pixels);
        png_error(png, text);
    }
    int color = png_get_color_type(png, info);
    png_set_strip_16(png);
    png_set_packing(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(png, info) < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_RGB || color == PNG_COLOR_TYPE_RGB_ALPHA || color == PNG_COLOR_TYPE_PALETTE)
        png_set_rgb_to_gray_fixed(png, 1, -1, -1);
    png_set_strip_alpha(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != w) png_error(png, "unexpected row layout after conversion to gray");
    buffer = malloc((size_t)w * h);
    rows = malloc(sizeof(png_bytep) * h);
    if (!buffer || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w;
    png_read_image(png, rows);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *pixels = buffer;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

struct png_sink { unsigned char *data; size_t size; size_t capacity; int failed; };

static void png_write_fn(png_structp png, png_bytep in, png_size_t length) {
    struct png_sink *sink = png_get_io_ptr(png);
    if (sink->size + length > sink->capacity) {
        size_t capacity = (sink->capacity + length) * 2;
        unsigned char *grown = realloc(sink->data, capacity);
        if (!grown) png_error(png, "out of memory");
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, in, length);
    sink->size += length;
}

static void png_flush_fn(png_structp png) { (void)png; }

int rig_png_encode_gray(const unsigned char *pixels, int width, int height, unsigned char **out, size_t *out_size,
                        char *message, size_t message_size) {
    struct png_context context = { .message = message, .message_size = message_size };
    struct png_sink sink = { NULL, 0, 0, 0 };
    *out = NULL;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, png_error_fn, png_warning_fn);
    if (!png) { snprintf(message, message_size, "out of memory"); return 2; }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(context.jump)) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(sink.data);
        return 3;
    }
    png_set_write_fn(png, &sink, png_write_fn, png_flush_fn);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 9);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * width));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = sink.data;
    *out_size = sink.size;
    return 0;
}

struct jpeg_context { struct jpeg_error_mgr manager; jmp_buf jump; char *message; size_t message_size; };

static void jpeg_error_exit_fn(j_common_ptr info) {
    struct jpeg_context *context = (struct jpeg_context *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(context->message, context->message_size, "%s", text);
    longjmp(context->jump, 1);
}

static void jpeg_output_message_fn(j_common_ptr info) { (void)info; }

int rig_jpeg_decode_gray(const unsigned char *data, size_t size, size_t max_pixels, unsigned char **pixels, int *width, int *height,
                         char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct jpeg_context context;
    unsigned char *volatile buffer = NULL;
    *pixels = NULL;
    context.message = message;
    context.message_size = message_size;
    info.err = jpeg_std_error(&context.manager);
    context.manager.error_exit = jpeg_error_exit_fn;
    context.manager.output_message = jpeg_output_message_fn;
    if (setjmp(context.jump)) {
        jpeg_destroy_decompress(&info);
        free(buffer);
        return 3;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) {
        snprintf(message, message_size, "no JPEG header");
        jpeg_destroy_decompress(&info);
        return 1;
    }
    if ((size_t)info.image_width * info.image_height > max_pixels) {
        snprintf(message, message_size, "the image declares %u x %u pixels, over the budget of %zu pixels",
                 (unsigned)info.image_width, (unsigned)info.image_height, max_pixels);
        jpeg_destroy_decompress(&info);
        return 4;
    }
    info.out_color_space = JCS_GRAYSCALE;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    if (w == 0 || h == 0 || w * h > max_pixels || info.output_components != 1) {
        snprintf(message, message_size, "the image declares no pixels or cannot be converted to gray");
        jpeg_destroy_decompress(&info);
        return 4;
    }
    buffer = malloc(w * h);
    if (!buffer) { snprintf(message, message_size, "out of memory"); jpeg_destroy_decompress(&info); return 2; }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + (size_t)info.output_scanline * w;
        jpeg_read_scanlines(&info, &row, 1);
    }
    if (context.manager.num_warnings > 0) {
        snprintf(message, message_size, "file is truncated or corrupt");
        jpeg_destroy_decompress(&info);
        free(buffer);
        return 5;
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    *pixels = buffer;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

int rig_jpeg_encode_gray(const unsigned char *pixels, int width, int height, int quality, unsigned char **out,
                         unsigned long *out_size, char *message, size_t message_size) {
    struct jpeg_compress_struct info;
    struct jpeg_context context;
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    context.message = message;
    context.message_size = message_size;
    info.err = jpeg_std_error(&context.manager);
    context.manager.error_exit = jpeg_error_exit_fn;
    context.manager.output_message = jpeg_output_message_fn;
    *out = NULL;
    if (setjmp(context.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return 3;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 1;
    info.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * width);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_size = size;
    return 0;
}

void rig_image_free(void *buffer) { free(buffer); }
