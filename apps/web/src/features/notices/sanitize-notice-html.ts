import DOMPurify from "dompurify";
import { NOTICE_HTML } from "@netfleet/contracts/schemas/notices";

/**
 * Notice messages are HTML written by administrators. The server cleans them when they are
 * stored; the browser cleans them again, by the same rules, before showing them, so a row
 * written by an older server, or straight into the database, still cannot run script in
 * anyone's console.
 */

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
const LINK_TARGETS = new Set(["_blank", "_self"]);

// DOMPurify's own default, narrowed to http(s) and mailto: a scheme, or no scheme at all.
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Only for telling relative links from absolute ones; it never reaches the output. */
const RELATIVE_BASE = "https://relative.invalid/";

/**
 * Whether a link's href is http(s), mailto or relative, as the browser will read it: the
 * URL parser drops the tabs, newlines and control characters that hide `javascript:`.
 */
function isAllowedHref(href: string): boolean {
  try {
    return LINK_PROTOCOLS.has(new URL(href, RELATIVE_BASE).protocol);
  } catch {
    return false;
  }
}

// An instance of its own: its hook must not change how anything else is purified.
const purifier = DOMPurify(window);

purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName !== "A") {
    // Attributes are for links only: <b class="x"> becomes <b>.
    for (const name of node.getAttributeNames()) node.removeAttribute(name);
    return;
  }
  const href = node.getAttribute("href");
  if (href !== null && !isAllowedHref(href)) node.removeAttribute("href");
  const target = node.getAttribute("target");
  if (target !== null && !LINK_TARGETS.has(target)) node.removeAttribute("target");
  // The opened page gets no handle on the console's window, nor the console's URL.
  if (node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
});

const CONFIG = {
  ALLOWED_TAGS: [...NOTICE_HTML.allowedTags],
  ALLOWED_ATTR: [...NOTICE_HTML.allowedAttributes],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/** The message as markup safe to put into the page: the notice allow-list and nothing else. */
export function sanitizeNoticeHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}
