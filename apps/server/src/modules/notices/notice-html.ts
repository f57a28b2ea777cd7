import type { Config, DOMPurify } from "dompurify";
import { NOTICE_HTML } from "@netfleet/contracts/schemas/notices";

/**
 * Notice messages are HTML that administrators write and every signed-in user's console
 * renders. They are cleaned here, once, before they are stored: the notice allow-list and
 * nothing else. The browser cleans them again before showing them.
 */

/** Schemes a link may use; a relative link (no scheme) stays on the console's own origin. */
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
const LINK_TARGETS = new Set(["_blank", "_self"]);

// DOMPurify's own default, narrowed to http(s) and mailto: a scheme, or no scheme at all.
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** A base only for telling relative links from absolute ones; it never reaches the output. */
const RELATIVE_BASE = "https://relative.invalid/";

const CONFIG: Config = {
  ALLOWED_TAGS: [...NOTICE_HTML.allowedTags],
  ALLOWED_ATTR: [...NOTICE_HTML.allowedAttributes],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/**
 * Whether a link's href is http(s), mailto or relative, as a browser would read it: the
 * URL parser drops the tabs, newlines and control characters that hide `javascript:`.
 */
export function isAllowedHref(href: string): boolean {
  try {
    return LINK_PROTOCOLS.has(new URL(href, RELATIVE_BASE).protocol);
  } catch {
    return false;
  }
}

function linkRules(node: Element): void {
  if (node.tagName !== "A") {
    // Attributes are for links only: <b class="x"> becomes <b>.
    for (const name of node.getAttributeNames()) node.removeAttribute(name);
    return;
  }
  const href = node.getAttribute("href");
  if (href !== null && !isAllowedHref(href)) node.removeAttribute("href");
  const target = node.getAttribute("target");
  if (target !== null && !LINK_TARGETS.has(target)) node.removeAttribute("target");
  // A page opened in a new tab gets no handle on the console's window, nor its URL.
  if (node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
}

let purifier: Promise<DOMPurify> | undefined;

/**
 * One jsdom window for the process, loaded and made on first use: jsdom holds tens of
 * megabytes and costs tens of milliseconds, which a server that never edits a notice
 * should not pay.
 */
function noticePurifier(): Promise<DOMPurify> {
  purifier ??= Promise.all([import("jsdom"), import("dompurify")]).then(
    ([{ JSDOM }, { default: createDOMPurify }]) => {
      const purify = createDOMPurify(new JSDOM("").window);
      purify.addHook("afterSanitizeAttributes", linkRules);
      return purify;
    },
  );
  return purifier;
}

/**
 * The message reduced to the notice allow-list: other elements give way to their text,
 * except script, style and other raw-content elements, which go entirely. `text` is what a
 * reader sees, so a message of nothing but markup can be refused.
 */
export async function sanitizeNoticeHtml(html: string): Promise<{ html: string; text: string }> {
  // RETURN_DOM hands back the <body> that holds the result.
  const body = (await noticePurifier()).sanitize(html, {
    ...CONFIG,
    RETURN_DOM: true,
  }) as HTMLElement;
  return { html: body.innerHTML.trim(), text: (body.textContent ?? "").trim() };
}
