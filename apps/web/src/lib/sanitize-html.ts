import DOMPurify from "dompurify";

/**
 * The console's default sanitiser for rich text from elsewhere (device documentation,
 * descriptions, release notes): structure, text and tables survive, anything that can run
 * script or restyle the console does not (forms §5, FM-VALID-053…055, 059). Notices have a
 * narrower allow-list of their own (features/notices/sanitize-notice-html.ts).
 */

const STRUCTURAL_TAGS = [
  "address",
  "article",
  "aside",
  "footer",
  "header",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hgroup",
  "main",
  "nav",
  "section",
  "blockquote",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "hr",
  "li",
  "ol",
  "p",
  "pre",
  "ul",
] as const;

const TEXT_TAGS = [
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "br",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "i",
  "kbd",
  "mark",
  "q",
  "rb",
  "rp",
  "rt",
  "rtc",
  "ruby",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "wbr",
] as const;

const TABLE_TAGS = [
  "caption",
  "col",
  "colgroup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
] as const;

/** What the default sanitiser lets through; everything else is removed, text kept. */
export const SANITIZE_HTML_DEFAULTS = {
  allowedTags: [...STRUCTURAL_TAGS, ...TEXT_TAGS, ...TABLE_TAGS, "img"],
  /** Attributes per tag; tags not named here keep none. */
  allowedAttributes: {
    a: ["href", "target", "rel", "title"],
    img: ["src", "alt", "width", "height", "title"],
  },
  allowedSchemes: ["http", "https", "ftp", "mailto", "tel"],
} as const;

const ATTRIBUTES_BY_TAG: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(SANITIZE_HTML_DEFAULTS.allowedAttributes).map(([tag, names]) => [
    tag.toUpperCase(),
    new Set<string>(names),
  ]),
);

const PROTOCOLS: ReadonlySet<string> = new Set(
  SANITIZE_HTML_DEFAULTS.allowedSchemes.map((scheme) => `${scheme}:`),
);

/** Only for telling relative URLs from absolute ones; it never reaches the output. */
const RELATIVE_BASE = "https://relative.invalid/";

/**
 * Whether a URL's scheme is allowed, or it has none (relative), as the browser will read
 * it: the URL parser drops the tabs, newlines and control characters that hide `javascript:`.
 */
function isAllowedUrl(url: string): boolean {
  try {
    return PROTOCOLS.has(new URL(url, RELATIVE_BASE).protocol);
  } catch {
    return false;
  }
}

// An instance of its own: its hook must not change how anything else is purified.
const purifier = DOMPurify(window);

purifier.addHook("afterSanitizeAttributes", (node) => {
  const allowed = ATTRIBUTES_BY_TAG.get(node.tagName);
  for (const name of node.getAttributeNames()) {
    if (!allowed?.has(name)) node.removeAttribute(name);
  }
  for (const name of ["href", "src"]) {
    const url = node.getAttribute(name);
    // DOMPurify lets data: through on images; the scheme list does not.
    if (url !== null && !isAllowedUrl(url)) node.removeAttribute(name);
  }
  // The opened page gets no handle on the console's window.
  if (node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
});

const CONFIG = {
  ALLOWED_TAGS: [...SANITIZE_HTML_DEFAULTS.allowedTags],
  ALLOWED_ATTR: [
    ...new Set<string>(Object.values(SANITIZE_HTML_DEFAULTS.allowedAttributes).flat()),
  ],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/** Rich text as markup safe to put into the page, by the default allow-list. No depth limit. */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}
