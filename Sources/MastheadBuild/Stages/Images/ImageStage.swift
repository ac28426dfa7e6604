import Foundation
import MastheadContent
import MastheadImages
import MastheadRender
import MastheadSite
import MastheadSupport

/// Stage 3b, images (after resolve, before render): every raster image under Content/static
/// is decoded, turned upright, resized and encoded (`ImageLibrary`), or taken from the image
/// cache; a raster image under a name Masthead does not process is refused, so none is ever
/// copied with its metadata; SVGs are measured; references to images that are missing or broken
/// are reported where they are written; every HTML page gets a social card. On every core.
enum ImageStage {
    static func run(
        site: Site, staticPaths: [String], templates: TemplateSet, options: BuildOptions, diagnostics: inout [Diagnostic]
    ) -> ProcessedImages {
        let settings = site.config.images
        let cache = ImageCache(siteFolder: options.siteFolder)
        let siteFolder = options.siteFolder
        let rasters = staticPaths.filter { RasterImage.isRaster($0) }
        options.progress?.begin(.images, total: rasters.count)

        // The digest of each source, read again only when its size or time moved.
        let known = cache.sourceDigests()
        let digests = parallelMap(rasters) { path -> (size: Int, modified: Int64, digest: String)? in
            let absolute = siteFolder.path(path)
            guard let status = FileStatus(path: absolute), status.isRegular else { return nil }
            if let record = known[path], record.size == status.size, record.modified == status.modified { return record }
            return (status.size, status.modified, StableHash.digest(fileAt: absolute))
        }
        var remembered: [String: (size: Int, modified: Int64, digest: String)] = [:]
        for (path, record) in zip(rasters, digests) { remembered[path] = record }
        if remembered.count != known.count || remembered.contains(where: { known[$0.key]?.digest != $0.value.digest }) {
            cache.saveSourceDigests(remembered.compactMapValues { $0 })
        }

        let encoded = parallelMap(Array(zip(rasters, digests))) { path, record -> Result<ImageCache.Entry, ImageProblem> in
            defer { options.progress?.advance(by: 1) }
            guard let record else { return .failure(.unreadable("the file cannot be read")) }
            let key = ImageCache.key(digest: record.digest, settings: settings)
            if let entry = cache.entry(key: key) { return .success(entry) }
            let absolute = siteFolder.path(path)
            return ImageLibrary.encode(fileAt: absolute, settings: settings).map { encoded in
                cache.store(encoded, key: key) ?? ImageCache.Entry(unstored: encoded)
            }
        }
        // A failed image's reason was taken from libvips's one error buffer while other images were
        // decoding: asked again, one file at a time, so the same file always gets the same words.
        let outcomes = encoded.indices.map { index -> Result<ImageCache.Entry, ImageProblem> in
            guard case .failure(.unreadable) = encoded[index], digests[index] != nil else { return encoded[index] }
            let absolute = siteFolder.path(rasters[index])
            return ImageLibrary.decodingFailure(fileAt: absolute).map { .failure(.unreadable($0)) } ?? encoded[index]
        }

        var result = ProcessedImages()
        var problems: [String: ImageProblem] = [:]
        var fingerprint = Fingerprint()
        for (index, path) in rasters.enumerated() {
            let sitePath = sitePath(of: path)
            switch outcomes[index] {
            case .success(let entry):
                let key = ImageCache.key(digest: digests[index]?.digest ?? "", settings: settings)
                if entry.frames > 1 { problems[sitePath] = .animated(frames: entry.frames) }
                let (image, files) = published(entry, sitePath: sitePath, hash: String(key.prefix(8)))
                result.table.byPath[sitePath] = image
                result.files += files
                result.replaced.insert(path)
                fingerprint.add(sitePath + " " + key)
            case .failure(let problem):
                problems[sitePath] = problem
            }
        }
        // Any other static file that is a raster image by its first bytes (a photo named .bin or
        // .dng) would be copied with its EXIF: refused at its file.
        let others = staticPaths.filter { !RasterImage.isRaster($0) && $0.lowercasedPathExtension != "svg" }
        let sniffed = parallelMap(others) { ImageSignature.kind(ofFileAt: siteFolder.path($0)) }
        for (path, kind) in zip(others, sniffed) {
            guard let kind else { continue }
            let problem = ImageProblem.unprocessedName(actual: kind, written: path.lowercasedPathExtension)
            diagnostics.append(Diagnostic(.error, problem.message, file: path))
        }
        // SVGs are drawn by the browser: only their size, for width and height (librsvg parses
        // each, a few million instructions: on every core).
        let svgs = staticPaths.filter { $0.lowercasedPathExtension == "svg" }
        let svgSizes = parallelMap(svgs) { ImageLibrary.size(ofFileAt: siteFolder.path($0)) }
        for (path, size) in zip(svgs, svgSizes) {
            result.table.byPath[sitePath(of: path)] = SiteImage(src: sitePath(of: path), width: size?.width, height: size?.height)
        }
        let references = Self.references(site: site)
        // A damaged image is one problem, reported at its file with where it is used: the
        // documents naming it get no second error of their own.
        for path in rasters {
            guard let problem = problems[sitePath(of: path)] else { continue }
            let uses = references.filter { $0.path == sitePath(of: path) }.map { use in
                [use.location.file, use.location.line.map(String.init), use.location.column.map(String.init)].compactMap { $0 }
                    .joined(separator: ":")
            }
            let usedBy =
                uses.isEmpty || problem.isWarning ? "" : " (used at \(uses.prefix(3).joined(separator: ", "))\(uses.count > 3 ? ", ..." : ""))"
            diagnostics.append(Diagnostic(problem.isWarning ? .warning : .error, problem.message + usedBy, file: path))
        }
        diagnostics += referenceProblems(references, table: result.table, reported: Set(problems.keys))
        result.fingerprint = String(fingerprint.value)
        return result
    }

    /// Another language's site (`Site.translations`): the images its documents name checked against what the
    /// default language's run processed.
    static func referenceProblems(of view: Site, images: ProcessedImages, staticPaths: [String]) -> [Diagnostic] {
        // The images that failed were reported with the default language's uses: not again here.
        let failed = Set(staticPaths.filter { RasterImage.isRaster($0) }.map { sitePath(of: $0) }).subtracting(images.table.byPath.keys)
        return referenceProblems(references(site: view), table: images.table, reported: failed)
    }

    /// The social cards of a site's pages (`routes`: only those; nil: every page), added to the processed images,
    /// for templates that show them (`{{page.image}}`), and only then. The one place cards are drawn: for each
    /// language's site in a build, for the saved pages in a patch. Returns the card files not there before, and
    /// drops the files of cards no page shows any more (a retitled article's old card).
    @discardableResult
    static func addCards(
        of site: Site, routes: [Route]? = nil, to result: inout ProcessedImages, templates: TemplateSet, staticPaths: [String],
        options: BuildOptions
    ) -> [OutputFile] {
        guard templates.showsPageImage else { return [] }
        let cards = SocialCards.make(
            site: site, routes: routes, table: result.table, staticPaths: staticPaths, options: options,
            cache: ImageCache(siteFolder: options.siteFolder))
        var fingerprint = Fingerprint()
        fingerprint.add(result.fingerprint)
        // Cards these replace (a patch's new title): their files go, unless another page shows the same card.
        var replaced: [String] = []
        for (path, card) in cards.table.sorted(by: { $0.key < $1.key }) {
            if let old = result.table.cards[path]?.src, old != card.src { replaced.append(old) }
            result.table.cards[path] = card
            fingerprint.add(path + " " + card.src)
        }
        result.fingerprint = String(fingerprint.value)
        let drawn = cards.files.filter { result.cardFiles.insert($0.path).inserted }
        // One by one rather than through a set of every card shown: a patch replaces one or two.
        let gone = replaced.filter { source in !result.table.cards.values.contains { $0.src == source } }.map { String($0.dropFirst()) }
        if !gone.isEmpty {
            result.files.removeAll { gone.contains($0.path) }
            result.cardFiles.subtract(gone)
        }
        result.files += drawn
        return drawn
    }

    /// A patch's images: the images the saved documents name checked against the kept ones, and their pages' social
    /// cards drawn (a new title, a new card); every other card is as the kept build made it. Returns the new card
    /// files; nil when an image is missing (a full build reports it).
    static func patch(
        _ documents: [Document], update: SiteUpdate, site: Site, kept: inout SiteMemory.State, options: BuildOptions
    ) -> [OutputFile]? {
        guard referenceProblems(references(of: documents), table: kept.images.table, reported: []).isEmpty else { return nil }
        guard kept.templates.showsPageImage else { return [] }
        let saved = site.routes.indices.filter { index in
            switch site.routes[index].subject {
            case .article(let article): update.changedArticles.contains(article)
            case .page(let page): update.changedPages.contains(page)
            default: false
            }
        }.map { site.routes[$0] }
        return addCards(of: site, routes: saved, to: &kept.images, templates: kept.templates, staticPaths: kept.staticPaths, options: options)
    }

    /// `Content/static/images/a.jpg` → `/images/a.jpg`.
    static func sitePath(of path: String) -> String {
        String(path.dropFirst(SiteFolders.staticFiles.count))
    }

    /// Where an image's files go (beside the original, named by the cache key: a changed image
    /// gets new names, so hosts may keep them forever), and the image as pages show it. An
    /// animation, encoded again at its own size, takes the original's path.
    private static func published(_ entry: ImageCache.Entry, sitePath: String, hash: String) -> (SiteImage, [OutputFile]) {
        if entry.frames > 1, let animation = entry.variants.first {
            return (
                SiteImage(src: sitePath, width: animation.width, height: animation.height),
                [OutputFile(path: String(sitePath.dropFirst()), contents: animation.contents)]
            )
        }
        let folder = sitePath.split(separator: "/").dropLast().joined(separator: "/")
        let name = sitePath.split(separator: "/").last.map(String.init) ?? "image"
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        var files: [OutputFile] = []
        var sources: [SiteImage.Source] = []
        for variant in entry.variants {
            let output = (folder.isEmpty ? "" : folder + "/") + "\(stem).\(hash)-\(variant.width).\(variant.format.fileExtension)"
            files.append(OutputFile(path: output, contents: variant.contents))
            if let index = sources.firstIndex(where: { $0.format == variant.format }) {
                sources[index].candidates.append((variant.width, "/" + output))
            } else {
                sources.append(SiteImage.Source(format: variant.format, candidates: [(variant.width, "/" + output)]))
            }
        }
        for index in sources.indices { sources[index].candidates.sort { $0.width < $1.width } }
        let order = EncodedImage.formats(hasAlpha: entry.hasAlpha)
        sources.sort { (order.firstIndex(of: $0.format) ?? 9) < (order.firstIndex(of: $1.format) ?? 9) }
        let src = sources.last?.candidates.last?.path ?? sitePath
        // The size of the largest copy: the most a page shows, and the image's proportions.
        let largest = entry.variants.max { $0.width < $1.width }
        // The original's own path serves the largest JPEG or PNG copy, when it is of that format,
        // so a link written by hand (`<a href="/images/x.jpg">`) still leads somewhere, stripped.
        let fallbackFormat: ImageFormat = entry.hasAlpha ? .png : .jpeg
        if RasterImage.kinds[sitePath.lowercasedPathExtension] == (entry.hasAlpha ? "png" : "jpeg"),
            let copy = entry.variants.filter({ $0.format == fallbackFormat }).max(by: { $0.width < $1.width })
        {
            files.append(OutputFile(path: String(sitePath.dropFirst()), contents: copy.contents))
        }
        return (
            SiteImage(
                src: src, width: largest?.width ?? entry.width, height: largest?.height ?? entry.height, placeholder: entry.placeholder,
                sources: sources),
            files
        )
    }

    /// Every raster image the documents name (cover, gallery, body), with where they name it.
    static func references(site: Site) -> [(path: String, location: SourceLocation)] {
        references(of: site.articles.map(\.document) + site.pages.map(\.document))
    }

    static func references(of documents: [Document]) -> [(path: String, location: SourceLocation)] {
        var references: [(path: String, location: SourceLocation)] = []
        for document in documents {
            var named: [(src: String, location: SourceLocation)] = []
            if let cover = document.cover { named.append((cover.src, cover.location ?? SourceLocation(file: document.sourcePath))) }
            named += document.gallery.map { ($0.src, $0.location ?? SourceLocation(file: document.sourcePath)) }
            // A media block's photo may be an SVG (shown as it is, but it must be there too).
            named += document.bodyImages.map { ($0.src, $0.location) }
            for (src, location) in named where RasterImage.isRaster(src) || src.lowercasedPathExtension == "svg" {
                if src.contains("://") || src.hasPrefix("//") || src.hasPrefix("data:") { continue }
                references.append((src.hasPrefix("/") ? src : "/" + src, location))
            }
        }
        return references
    }

    /// A named image that is missing, reported where the document names it. One that could not
    /// be processed is reported at its own file (above), not again here.
    static func referenceProblems(
        _ references: [(path: String, location: SourceLocation)], table: SiteImages, reported: Set<String>
    ) -> [Diagnostic] {
        let missing = references.filter { !reported.contains($0.path) && table.byPath[$0.path] == nil }
        guard !missing.isEmpty else { return [] }
        let known = Array(table.byPath.keys).sorted()
        return missing.map { path, location in
            let hint = Suggestion.didYouMean(path, in: known)
            return .error("image \(path) not found: no file \(SiteFolders.staticFiles)\(path)\(hint)", at: location)
        }
    }
}

extension ImageCache.Entry {
    /// An image the cache could not keep (`.masthead/` cannot be written): published from memory.
    init(unstored image: EncodedImage) {
        self.init(
            width: image.width, height: image.height, hasAlpha: image.hasAlpha, placeholder: image.placeholder, frames: image.frames,
            variants: image.variants.map { ($0.width, $0.height, $0.format, .bytes($0.data)) })
    }
}
