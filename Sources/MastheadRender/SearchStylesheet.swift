import Foundation

/// The search stylesheet (`css/search.css`) Masthead writes when `search:` is on: the field in
/// the header and the /search/ page (docs/search.md). Every selector sits in `:where()`, which
/// has no specificity, so any rule of the site's own stylesheet wins over these.
enum SearchStylesheet {
    static let path = "css/search.css"

    static let css = """
        /* Search: the field in the header and the /search/ page. Written by Masthead; the site's own rules win
           (every selector here is in :where(), which has no specificity). Colours follow the text (currentColor). */
        :where(.search-field) { display: flex; gap: .25rem; align-items: center; min-width: 0; }
        :where(.search-field input) {
          width: 9rem; min-width: 0; flex: 1 1 9rem; font: inherit; padding: .3rem .5rem;
          border: 1px solid currentColor; border-radius: .3rem; background: transparent; color: inherit;
        }
        :where(.search-field button) {
          font: inherit; padding: .3rem .6rem; border: 1px solid currentColor; border-radius: .3rem;
          background: transparent; color: inherit; cursor: pointer;
        }
        :where(.search-page) { padding-block: 2rem; }
        :where(.search-form) { display: grid; gap: .5rem; max-width: 40rem; }
        :where(.search-form input) {
          font: inherit; font-size: 1.15rem; padding: .55rem .7rem; border: 2px solid currentColor; border-radius: .4rem;
          background: transparent; color: inherit;
        }
        :where(.search-filters) { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; }
        :where(.search-filters select) {
          font: inherit; padding: .25rem; background: transparent; color: inherit; border: 1px solid currentColor; border-radius: .3rem;
        }
        :where(.search-filters select option) { color: #1a1a1a; background: #fff; }
        :where(.search-status) { min-height: 1.5em; }
        :where(.search-results) { list-style: none; padding: 0; margin: 0; max-width: 46rem; }
        :where(.search-result) {
          display: grid; gap: .2rem; padding: .75rem; border-radius: .4rem; border: 2px solid transparent; color: inherit; text-decoration: none;
        }
        :where(.search-result[aria-selected="true"]) { border-color: currentColor; }
        :where(.search-result:hover .search-result-title) { text-decoration: underline; }
        :where(.search-result-title) { font-weight: 700; font-size: 1.1rem; }
        :where(.search-result-meta) { font-size: .9rem; opacity: .85; }
        :where(.search-result-excerpt mark) { background: #ffe08a; color: #1a1a1a; }
        :where(.search-more) { font: inherit; margin-top: 1rem; padding: .4rem .8rem; }

        """
}
