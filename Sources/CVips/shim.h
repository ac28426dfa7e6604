// Debian's libvips-dev: decoding, resizing and encoding images (MastheadBuild/Images/ImageLibrary.swift only).
// libvips's operations take their options as C variadic arguments, which Swift cannot pass:
// each one Masthead calls has a fixed-argument wrapper here.
#include <string.h>
#include <vips/vips.h>

// libvips's warnings (libpng's "IHDR: CRC error", a truncated file's "error in tile") go nowhere,
// except on a thread that asked to hear them (`masthead_decode_whole`): with fail_on=warning the
// operation fails and Masthead reports its error, but libpng gives its reason only as a warning.
static _Thread_local GString *masthead_heard = NULL;

static void masthead_vips_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    if (masthead_heard && masthead_heard->len == 0 && message) g_string_append(masthead_heard, message);
}

// VIPS_INIT is a macro.
//
// Without ORC, libvips's run-time compiler of vector code (as VIPS_NOVECTOR=1 does). Images are
// resized on every core at once, and liborc 0.4.33 (Debian 12) does not keep its memory for
// compiled code safe across threads: a cold build of 2,000 articles with covers died in
// orc_code_allocate_codemem, under orc_program_compile_full, from vips_reducev's build inside
// vips_thumbnail (docs/checking.md, "The crash loop"; libvips/libvips#1211 saw the same list torn
// in orc_code_chunk_merge). libvips's C paths give the same pixels, at some cost in speed.
static inline int masthead_vips_init(const char *name) {
    int failed = VIPS_INIT(name);
    vips_vector_set_enabled(0);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, masthead_vips_warning, NULL);
    return failed;
}

// The header only: pixels are decoded later, in order. Any warning about damaged data (a JPEG cut
// short but ending with its end marker, a header declaring more rows than the data holds) fails
// the operation that decodes it: never a picture completed in grey.
static inline VipsImage *masthead_open(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
}

// Every frame of an animation, one above the other (`page-height`, `delay` and `loop` say how).
static inline VipsImage *masthead_open_frames(const char *path) {
    return vips_image_new_from_file(path, "n", -1, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
}

// Decodes the whole image (every frame when `frames` > 1) on this thread, in strips, where its
// warnings can be heard: the first one goes into `warning`. Returns non-zero when decoding failed,
// its error left in libvips's error buffer for the caller.
static inline int masthead_decode_whole(const char *path, int frames, char *warning, int size) {
    GString *heard = g_string_new(NULL);
    masthead_heard = heard;
    int failed = 1;
    VipsImage *image = frames > 1 ? masthead_open_frames(path) : masthead_open(path);
    if (image) {
        VipsRegion *region = vips_region_new(image);
        failed = 0;
        for (int top = 0; top < image->Ysize && heard->len == 0; top += 16) {
            VipsRect strip = {0, top, image->Xsize, MIN(16, image->Ysize - top)};
            if (vips_region_prepare(region, &strip)) {
                failed = 1;
                break;
            }
        }
        g_object_unref(region);
        g_object_unref(image);
    }
    masthead_heard = NULL;
    g_strlcpy(warning, heard->str, size);
    g_string_free(heard, TRUE);
    return failed || warning[0] != 0;
}

// Decoded at a width no larger than `width` (JPEG shrinks while decoding), turned upright by its
// EXIF orientation, converted to sRGB from an embedded profile or CMYK.
static inline int masthead_thumbnail(const char *path, int width, VipsImage **out) {
    return vips_thumbnail(path, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                          "fail_on", VIPS_FAIL_ON_WARNING, NULL);
}

// Cropped to fill exactly width x height, from the centre.
static inline int masthead_thumbnail_fill(const char *path, int width, int height, VipsImage **out) {
    return vips_thumbnail(path, out, width, "height", height, "crop", VIPS_INTERESTING_CENTRE,
                          "fail_on", VIPS_FAIL_ON_WARNING, NULL);
}

static inline int masthead_srgb(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

static inline int masthead_cast_uchar(VipsImage *in, VipsImage **out) { return vips_cast_uchar(in, out, NULL); }

static inline int masthead_resize(VipsImage *in, VipsImage **out, double scale) {
    return vips_resize(in, out, scale, "kernel", VIPS_KERNEL_LANCZOS3, NULL);
}

static inline int masthead_flatten(VipsImage *in, VipsImage **out) {
    double white[3] = {255, 255, 255};
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

// Every metadata field a camera or an editor may have left (EXIF with its GPS position and
// serial numbers, XMP, IPTC, the ICC profile, the orientation already applied), removed
// from an image in memory before it is encoded: not every encoder strips all of them.
static inline void masthead_remove_metadata(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    for (int i = 0; fields[i]; i++) {
        const char *name = fields[i];
        if (g_str_has_prefix(name, "exif-") || g_str_has_prefix(name, "xmp-") || g_str_has_prefix(name, "iptc-") ||
            g_str_has_prefix(name, "icc-") || g_str_has_prefix(name, "heif-") || g_str_has_prefix(name, "png-comment") ||
            g_str_has_prefix(name, "jpeg-") || strcmp(name, "orientation") == 0 || strcmp(name, "gif-comment") == 0)
            vips_image_remove(image, name);
    }
    g_strfreev(fields);
}

// Encoders: metadata stripped (EXIF, GPS, XMP, ICC: the pixels are sRGB).
static inline int masthead_save_avif(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_heifsave_buffer(in, buffer, length, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "Q", quality,
                                "effort", 0, "strip", TRUE, NULL);
}

static inline int masthead_save_webp(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_webpsave_buffer(in, buffer, length, "Q", quality, "effort", 2, "strip", TRUE, NULL);
}

static inline int masthead_save_jpeg(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "optimize_coding", TRUE, "interlace", TRUE,
                                "strip", TRUE, NULL);
}

static inline int masthead_save_png(VipsImage *in, void **buffer, size_t *length) {
    return vips_pngsave_buffer(in, buffer, length, "compression", 6, "strip", TRUE, NULL);
}

// An animated GIF, every frame re-quantised (cgif): no comment, XMP or other application block.
static inline int masthead_save_gif(VipsImage *in, void **buffer, size_t *length) {
    return vips_gifsave_buffer(in, buffer, length, "strip", TRUE, NULL);
}

// The mean of each band at 1x1: the placeholder colour.
static inline int masthead_mean_pixel(VipsImage *in, double **values, int *count) {
    VipsImage *tiny = NULL;
    if (vips_thumbnail_image(in, &tiny, 1, "height", 1, "size", VIPS_SIZE_FORCE, NULL)) return -1;
    int result = vips_getpoint(tiny, values, count, 0, 0, NULL);
    g_object_unref(tiny);
    return result;
}

// A social card's canvas: sRGB, three bands, `width` x `height` of one colour, in memory so
// type can be drawn on it in place.
static inline VipsImage *masthead_canvas(int width, int height, double red, double green, double blue) {
    VipsImage *black = NULL, *typed = NULL;
    if (vips_black(&black, width, height, "bands", 3, NULL)) return NULL;
    int failed = vips_copy(black, &typed, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(black);
    if (failed) return NULL;
    VipsImage *canvas = vips_image_copy_memory(typed);
    g_object_unref(typed);
    double ink[3] = {red, green, blue};
    if (canvas && vips_draw_rect(canvas, ink, 3, 0, 0, width, height, "fill", TRUE, NULL)) {
        g_object_unref(canvas);
        return NULL;
    }
    return canvas;
}

// Text set in type as a one-band mask (255 where the ink is), wrapped at `width`.
static inline int masthead_text_mask(const char *markup, const char *font, int width, VipsImage **out) {
    return vips_text(out, markup, "font", font, "width", width, "wrap", VIPS_TEXT_WRAP_WORD, NULL);
}

// `ink` painted onto `canvas` in place through `mask` (0 leaves the canvas, 255 is all ink):
// blending in 8 bits, far cheaper than compositing two images in floating point.
static inline int masthead_draw_mask(VipsImage *canvas, double red, double green, double blue, VipsImage *mask, int x, int y) {
    double ink[3] = {red, green, blue};
    return vips_draw_mask(canvas, ink, 3, mask, x, y, NULL);
}

// A one-band mask of one value, for a translucent band.
static inline VipsImage *masthead_flat_mask(int width, int height, double value) {
    VipsImage *black = NULL;
    if (vips_black(&black, width, height, NULL)) return NULL;
    VipsImage *mask = vips_image_copy_memory(black);
    g_object_unref(black);
    if (mask && vips_draw_rect1(mask, value, 0, 0, width, height, "fill", TRUE, NULL)) {
        g_object_unref(mask);
        return NULL;
    }
    return mask;
}

// A social card as baseline JPEG: it is read whole by a crawler, so progressive passes buy nothing.
static inline int masthead_save_card_jpeg(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "optimize_coding", TRUE, "strip", TRUE, NULL);
}
