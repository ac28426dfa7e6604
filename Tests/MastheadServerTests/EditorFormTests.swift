import Foundation
import MastheadContent
import Testing

@testable import MastheadServer

/// What a person sees in the editor's form (docs/editor.md, "The form"): the page the server
/// sends, before and without its script.
@Suite("Editor: the form a person sees")
struct EditorFormTests {
    /// The form of `path` in `site` as `/_masthead/edit` sends it.
    static func form(_ site: PreviewTestSite, _ path: String, beside: String? = nil) throws -> String {
        let data = try Data(contentsOf: site.url(path))
        let file = try #require(FrontMatterText(data))
        let state = EditorPages.FormState(path: path, hash: "hash", file: file)
        return EditorPages.edit(state, site: EditorSite.load(siteFolder: SiteFolder(site.root)), images: ["/images/moka.jpg"], token: "token")
    }

    @Test func tagsAreChipsEachWithAButtonThatRemovesItAndTheSitesTagsOffered() throws {
        let site = try PreviewTestSite()
        try site.article("moka.md", title: "The moka pot", body: "Bialetti made it in 1933.", extra: "\ntags: [moka, rito]")
        try site.article("espresso.md", title: "Espresso", body: "A short coffee.", extra: "\ntags: [colazione]")
        let page = try Self.form(site, "Content/articles/moka.md")
        // Without a script: the plain input the form sends, labelled, the tags offered.
        #expect(page.contains("<label for=\"field-tags\">Tags</label>"))
        #expect(page.contains("<input id=\"field-tags\" name=\"tags\" type=\"text\" list=\"tags\" value=\"moka, rito\""))
        #expect(page.contains("<datalist id=\"tags\"><option value=\"colazione\"><option value=\"moka\"><option value=\"rito\"></datalist>"))
        // With it: one chip per tag, each removed by a labelled button, and a box to add one.
        #expect(page.contains("<div class=\"chips\" id=\"field-tags-chips\" hidden><ul aria-label=\"Tags chosen\">"))
        #expect(
            page.contains(
                "<li class=\"chip\"><span>moka</span><button type=\"button\" aria-label=\"Remove tag moka\">×</button></li>"
                    + "<li class=\"chip\"><span>rito</span><button type=\"button\" aria-label=\"Remove tag rito\">×</button></li></ul>"))
        #expect(page.contains("<input id=\"field-tags-entry\" type=\"text\" list=\"tags\" aria-describedby=\"field-tags-keys\""))
        #expect(page.contains("<small id=\"field-tags-keys\">Enter or a comma adds the tag"))
        let script = String(decoding: PackageResources.editor_js, as: UTF8.self)
        #expect(script.contains("document.querySelectorAll(\"input[data-chips]\")"), "the script that makes the chips work")
    }

    @Test func aGalleryIsPickedFromTheLibraryEachImageWithItsAltTextAndCaption() throws {
        let site = try PreviewTestSite()
        try site.article(
            "moka.md", title: "The moka pot", body: "Bialetti made it in 1933.",
            extra: "\ngallery:\n  - { src: /images/moka.jpg, alt: \"A moka on the stove\", caption: \"Since 1933.\" }")
        let page = try Self.form(site, "Content/articles/moka.md")
        #expect(!page.contains("raw-gallery"), "not shown as YAML lines")
        #expect(page.contains("<span class=\"label\">Gallery</span><ol class=\"gallery\" data-gallery=\"gallery\">"))
        #expect(page.contains("<legend>Image 1</legend><label for=\"field-gallery-0-src\">Image</label>"))
        #expect(page.contains("<input id=\"field-gallery-0-src\" name=\"gallery.0.src\" type=\"text\" list=\"images\" value=\"/images/moka.jpg\""))
        #expect(page.contains("<label for=\"field-gallery-0-alt\">Alt text</label><input id=\"field-gallery-0-alt\" name=\"gallery.0.alt\""))
        #expect(page.contains("name=\"gallery.0.caption\" type=\"text\" value=\"Since 1933.\""))
        #expect(page.contains("data-upload-for=\"field-gallery-0-src\""))
        #expect(page.contains("<legend>Add an image</legend><label for=\"field-gallery-1-src\">Image</label>"))
        #expect(page.contains("<datalist id=\"images\"><option value=\"/images/moka.jpg\"></datalist>"), "the library's images offered")
    }
}
