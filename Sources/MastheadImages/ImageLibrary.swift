import CVips
import Foundation
import MastheadSupport

/// libvips behind one type: reading headers, making the resized and encoded images, and
/// drawing social cards. The only file that imports `CVips`.
///
/// libvips is started once per process. Each image runs its pipeline on one thread
/// (`vips_concurrency_set(1)`): the build processes several images at once, one per core, which
/// keeps both cores busy without the two schedulers fighting. libvips's operation cache is
/// off: every image is read once, and the cache would only hold memory.
package enum ImageLibrary {
    /// Whether libvips started; a static `let` is initialised once, under a lock.
    static let started: Bool = {
        guard masthead_vips_init("masthead") == 0 else { return false }
        vips_concurrency_set(1)
        vips_cache_set_max(0)
        vips_cache_set_max_mem(0)
        return true
    }()

    /// What the file is, from its first bytes and header: `jpeg`, `png`, `webp`, `heif`, `gif`,
    /// `tiff`, `jxl`, `jp2k`, `svg`, `magick` (ImageMagick's loader: BMP and others), or nil when
    /// libvips knows no such format.
    package static func kind(ofFileAt path: String) -> String? {
        guard started, let loader = vips_foreign_find_load(path) else {
            vips_error_clear()
            return nil
        }
        let name = String(cString: loader).lowercased()
        for kind in ["jpeg", "png", "webp", "heif", "gif", "tiff", "jxl", "jp2k", "svg", "magick"] where name.contains(kind) { return kind }
        return name
    }

    /// The upright size of an image from its header alone (SVGs included), nil when unreadable.
    package static func size(ofFileAt path: String) -> (width: Int, height: Int)? {
        guard started, let image = masthead_open(path) else {
            vips_error_clear()
            return nil
        }
        defer { unref(image) }
        return uprightSize(image)
    }

    /// Reads, checks and encodes the image at `path` into every width and format `settings` asks for.
    package static func encode(fileAt path: String, settings: ImageSettings) -> Result<EncodedImage, ImageProblem> {
        guard started else { return .failure(.unreadable("the image library (libvips) could not start")) }
        // libvips reads options from a bracket at the end of a file name (`photo.jpg[shrink=2]`).
        guard !path.contains("[") else { return .failure(.unreadable("rename the file without [ or ]")) }
        guard let kind = kind(ofFileAt: path) else { return .failure(.unreadable("not an image format Masthead reads")) }
        let written = path.lowercasedPathExtension
        if let expected = expectedKind(ofExtension: written), expected != kind {
            return .failure(.wrongExtension(actual: kind, written: written))
        }
        guard let header = masthead_open(path) else { return .failure(.unreadable(reason(decoding: path))) }
        if kind == "gif", !ImageSignature.gifIsWhole(fileAt: path) {
            return .failure(.unreadable("the GIF data stops before its end (no trailer byte): it was cut short"))
        }
        let (width, height) = uprightSize(header)
        let frames = Int(vips_image_get_n_pages(header))
        unref(header)
        // From the header alone: a 60000×60000 PNG of a few kilobytes is refused before any pixel is decoded.
        guard width > 0, height > 0, width * height <= settings.maxPixels else {
            return .failure(.tooManyPixels(width: width, height: height, limit: settings.maxPixels))
        }
        if frames > 1, kind == "gif" || kind == "webp" {
            return encodeAnimation(fileAt: path, kind: kind, width: width, height: height, frames: frames, settings: settings)
        }

        let widths = settings.variantWidths(forWidth: width)
        guard let largest = widths.last else { return .failure(.unreadable("the image has no pixels")) }
        var decoded: UnsafeMutablePointer<VipsImage>?
        guard masthead_thumbnail(path, Int32(largest), &decoded) == 0, let decoded else {
            return .failure(.unreadable(reason(decoding: path)))
        }
        // Every pixel is decoded here, in memory: a warning about damaged data fails it.
        guard let base = uprightSRGB(decoded) else { return .failure(.unreadable(reason(decoding: path))) }
        defer { unref(base) }
        let hasAlpha = vips_image_hasalpha(base) != 0
        var variants: [EncodedImage.Variant] = []
        for target in widths {
            guard let resized = resized(base, toWidth: target) else { return .failure(.unreadable(takeError())) }
            defer { unref(resized) }
            for format in EncodedImage.formats(hasAlpha: hasAlpha) {
                guard let data = save(resized, as: format, quality: settings.quality) else { return .failure(.unreadable(takeError())) }
                variants.append(
                    .init(width: Int(resized.pointee.Xsize), height: Int(resized.pointee.Ysize), format: format, data: data))
            }
        }
        return .success(
            EncodedImage(width: width, height: height, hasAlpha: hasAlpha, placeholder: placeholder(base), variants: variants))
    }

    /// An animated GIF or WebP: every frame decoded (a damaged one fails it) and encoded again in
    /// its own format at its own size, with its timing and loop, and no metadata (EXIF, XMP,
    /// comments). Never published as it came.
    private static func encodeAnimation(
        fileAt path: String, kind: String, width: Int, height: Int, frames: Int, settings: ImageSettings
    ) -> Result<EncodedImage, ImageProblem> {
        // The frames are decoded into memory one above the other: their pixels together are bounded.
        guard width * height * frames <= settings.maxPixels else {
            return .failure(.tooManyFramePixels(width: width, height: height, frames: frames, limit: settings.maxPixels))
        }
        guard let opened = masthead_open_frames(path), let frameStrip = uprightSRGB(opened) else {
            return .failure(.unreadable(reason(decoding: path, frames: frames)))
        }
        defer { unref(frameStrip) }
        let format: ImageFormat = kind == "gif" ? .gif : .webp
        guard let data = save(frameStrip, as: format, quality: settings.quality) else {
            return .failure(.unreadable(takeError()))
        }
        let variant = EncodedImage.Variant(width: width, height: height, format: format, data: data)
        return .success(
            EncodedImage(
                width: width, height: height, hasAlpha: vips_image_hasalpha(frameStrip) != 0, placeholder: placeholder(frameStrip),
                variants: [variant], frames: frames))
    }

    /// A 1200×630 JPEG for `og:image`: the cover filling the card with the title on a dark band,
    /// or, without a cover, the title in `text` on `background` under the site's name.
    /// Type is drawn into the canvas in place through its mask, in 8 bits.
    package static func socialCard(
        coverAt cover: String?, title: String, siteTitle: String, background: String, text: String
    ) -> Result<Data, ImageProblem> {
        guard started else { return .failure(.unreadable("the image library (libvips) could not start")) }
        let (width, height) = (SocialCard.width, SocialCard.height)
        let margin = 72
        var ink = rgb(text) ?? (255, 255, 255)
        let card: UnsafeMutablePointer<VipsImage>
        if let cover {
            var filled: UnsafeMutablePointer<VipsImage>?
            guard masthead_thumbnail_fill(cover, Int32(width), Int32(height), &filled) == 0, let filled,
                let upright = uprightSRGB(filled, flatten: true)
            else { return .failure(.unreadable(takeError())) }
            card = upright
            // A dark band under the title: white type reads on any cover.
            guard let band = masthead_flat_mask(Int32(width), 300, 170) else { return .failure(.unreadable(takeError())) }
            defer { unref(band) }
            guard masthead_draw_mask(card, 0, 0, 0, band, 0, Int32(height - 300)) == 0 else {
                unref(card)
                return .failure(.unreadable(takeError()))
            }
            ink = (255, 255, 255)
        } else {
            let ground = rgb(background) ?? (34, 34, 34)
            guard let canvas = masthead_canvas(Int32(width), Int32(height), ground.0, ground.1, ground.2) else {
                return .failure(.unreadable(takeError()))
            }
            card = canvas
        }
        defer { unref(card) }
        func draw(_ mask: UnsafeMutablePointer<VipsImage>, x: Int, y: Int) {
            if masthead_draw_mask(card, ink.0, ink.1, ink.2, mask, Int32(x), Int32(y)) != 0 { vips_error_clear() }
            unref(mask)
        }
        if cover == nil, let name = typeset(siteTitle, font: "DejaVu Sans Bold", sizes: [30], width: width - 2 * margin) {
            draw(name, x: margin, y: margin)
        }
        if let heading = typeset(
            title, font: "DejaVu Serif Bold", sizes: [60, 52, 44, 36, 30], width: width - 2 * margin,
            maxHeight: cover == nil ? height - 200 : 260)
        {
            let top = height - margin + 20 - Int(heading.pointee.Ysize)
            draw(heading, x: margin, y: max(cover == nil ? 150 : height - 290, top))
        }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard masthead_save_card_jpeg(card, &buffer, &length, 82) == 0, let buffer else {
            return .failure(.unreadable(takeError()))
        }
        // libvips' buffer (g_malloc) is ours: copied into `Data`, then freed.
        defer { g_free(buffer) }
        return .success(Data(bytes: buffer, count: length))
    }

    // MARK: - Steps

    private static func expectedKind(ofExtension written: String) -> String? {
        RasterImage.kinds[written]
    }

    /// Width and height once the EXIF orientation is applied (5 to 8 turn the image a quarter).
    private static func uprightSize(_ image: UnsafeMutablePointer<VipsImage>) -> (Int, Int) {
        var orientation: Int32 = 1
        if vips_image_get_typeof(image, "orientation") != 0 { _ = vips_image_get_int(image, "orientation", &orientation) }
        let (width, height) = (Int(image.pointee.Xsize), Int(image.pointee.Ysize))
        return orientation >= 5 && orientation <= 8 ? (height, width) : (width, height)
    }

    /// 8-bit sRGB in memory (a 16-bit PNG or a grey image converted), decoded now so a
    /// truncated file fails here. Takes `image`.
    private static func uprightSRGB(_ image: UnsafeMutablePointer<VipsImage>, flatten: Bool = false) -> UnsafeMutablePointer<VipsImage>? {
        var current = image
        var next: UnsafeMutablePointer<VipsImage>?
        if current.pointee.Type != VIPS_INTERPRETATION_sRGB {
            guard masthead_srgb(current, &next) == 0, let converted = next else {
                unref(current)
                return nil
            }
            unref(current)
            current = converted
        }
        if flatten, vips_image_hasalpha(current) != 0 {
            guard masthead_flatten(current, &next) == 0, let flat = next else {
                unref(current)
                return nil
            }
            unref(current)
            current = flat
        }
        if current.pointee.BandFmt != VIPS_FORMAT_UCHAR {
            guard masthead_cast_uchar(current, &next) == 0, let cast = next else {
                unref(current)
                return nil
            }
            unref(current)
            current = cast
        }
        let inMemory = vips_image_copy_memory(current)
        unref(current)
        if let inMemory { masthead_remove_metadata(inMemory) }
        return inMemory
    }

    private static func resized(_ image: UnsafeMutablePointer<VipsImage>, toWidth width: Int) -> UnsafeMutablePointer<VipsImage>? {
        if Int(image.pointee.Xsize) == width {
            _ = g_object_ref(image)
            return image
        }
        var out: UnsafeMutablePointer<VipsImage>?
        guard masthead_resize(image, &out, Double(width) / Double(image.pointee.Xsize)) == 0 else { return nil }
        return out
    }

    private static func save(_ image: UnsafeMutablePointer<VipsImage>, as format: ImageFormat, quality: Int) -> Data? {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 =
            switch format {
            case .avif: masthead_save_avif(image, &buffer, &length, Int32(quality))
            case .webp: masthead_save_webp(image, &buffer, &length, Int32(quality))
            case .jpeg: masthead_save_jpeg(image, &buffer, &length, Int32(quality))
            case .png: masthead_save_png(image, &buffer, &length)
            case .gif: masthead_save_gif(image, &buffer, &length)
            }
        guard status == 0, let buffer else { return nil }
        // The encoded file is a g_malloc buffer handed to us: copied into `Data`, then freed.
        defer { g_free(buffer) }
        let data = Data(bytes: buffer, count: length)
        return format == .webp ? WebPChunks.withoutMetadata(data) : data
    }

    private static func placeholder(_ image: UnsafeMutablePointer<VipsImage>) -> String {
        var values: UnsafeMutablePointer<Double>?
        var count: Int32 = 0
        guard masthead_mean_pixel(image, &values, &count) == 0, let values, count >= 3 else {
            vips_error_clear()
            return "#808080"
        }
        defer { g_free(values) }
        let hex = (0..<3).map { String(format: "%02x", min(255, max(0, Int(values[$0].rounded())))) }
        return "#" + hex.joined()
    }

    /// `text` set in the first of `sizes` whose lines fit within `maxHeight`, as a mask.
    private static func typeset(
        _ text: String, font: String, sizes: [Int], width: Int, maxHeight: Int = .max
    ) -> UnsafeMutablePointer<VipsImage>? {
        for (index, size) in sizes.enumerated() {
            var out: UnsafeMutablePointer<VipsImage>?
            guard masthead_text_mask(XML.escape(text), "\(font) \(size)", Int32(width), &out) == 0, let out else {
                vips_error_clear()
                return nil
            }
            if Int(out.pointee.Ysize) <= maxHeight || index == sizes.count - 1 { return out }
            unref(out)
        }
        return nil
    }

    private static func rgb(_ hex: String) -> (Double, Double, Double)? {
        var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        return (Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF))
    }

    private static func unref(_ image: UnsafeMutablePointer<VipsImage>) {
        g_object_unref(UnsafeMutableRawPointer(image))
    }

    /// Why decoding the file at `path` failed: libvips's error, or, when it gives no reason of its
    /// own (libpng's only error is "libpng read error"; a damaged PNG header gives none; a tile
    /// that could not be filled), the decoder's first warning, heard by decoding the file again on
    /// this thread.
    private static func reason(decoding path: String, frames: Int = 1) -> String {
        let error = takeError()
        guard isUninformative(error) else { return error }
        return decodingFailure(fileAt: path, frames: frames) ?? error
    }

    /// Why the file at `path` cannot be decoded, from decoding it whole on this thread; nil when it
    /// decodes. `ImageStage` asks again for each failed image once no other image is decoding:
    /// libvips's error buffer is one for the process, so a reason taken while other images failed
    /// beside it can be another image's line, or lose its own to another thread's `takeError`.
    package static func decodingFailure(fileAt path: String, frames: Int = 1) -> String? {
        _ = started
        vips_error_clear()
        var heard = [CChar](repeating: 0, count: 512)
        let failed = masthead_decode_whole(path, Int32(frames), &heard, Int32(heard.count)) != 0
        let error = takeError()
        guard failed else { return nil }
        let bytes = heard.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let warning = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return isUninformative(error) && !warning.isEmpty ? warning : error
    }

    /// An error that names no cause: the decoder's warning says more.
    private static func isUninformative(_ error: String) -> Bool {
        error == "unknown error" || error.hasSuffix("read error") || error.hasPrefix("error in tile")
    }

    /// libvips's error, the buffer cleared: its first line naming a cause. A tile that could not be
    /// filled ("error in tile 0 x 48") is written beside the decoder's own line, before or after
    /// it depending on the thread, so it is taken only when there is nothing else.
    private static func takeError() -> String {
        guard let copy = vips_error_buffer_copy() else { return "unknown error" }
        defer { g_free(copy) }
        let lines = String(cString: copy).split(separator: "\n").map(String.init)
        return lines.first { !$0.hasPrefix("error in tile") } ?? lines.first ?? "unknown error"
    }
}

/// The size of a social card: what Facebook, LinkedIn, WhatsApp and X show at full width.
package enum SocialCard {
    package static let width = 1200
    package static let height = 630
}
