import { describe, expect, it } from "vitest";
import { XSS_CORPUS } from "@netfleet/contracts/xss-corpus";
import { sanitizeNoticeHtml } from "../features/notices/sanitize-notice-html";
import { sanitizeHtml } from "./sanitize-html";

/** Every element left, as `tag[attr,attr]`. */
function shape(html: string): string[] {
  const box = document.createElement("div");
  box.innerHTML = html;
  return [...box.querySelectorAll("*")].map(
    (el) => `${el.tagName.toLowerCase()}[${el.getAttributeNames().join(",")}]`,
  );
}

describe("sanitizeHtml", () => {
  it("FM-VALID-053 keeps structural, text and table tags, and removes others keeping text", () => {
    const html =
      "<section><h2>Ports</h2><p>Use <b>LAN</b>, <em>not</em> <code>WAN</code>.<br></p>" +
      "<ul><li>One</li></ul><blockquote>Quote</blockquote>" +
      "<table><caption>Map</caption><thead><tr><th>Port</th></tr></thead>" +
      "<tbody><tr><td>1</td></tr></tbody></table></section>";
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml("<form><input value=x><button>Go</button></form><style>p{}</style>")).toBe(
      "Go",
    );
    expect(
      shape(sanitizeHtml("<iframe src='https://e.example'></iframe><object></object>")),
    ).toEqual([]);
  });

  it("FM-VALID-054 limits a to href, target, rel, title and img to src, alt, width, height, title", () => {
    expect(
      shape(
        sanitizeHtml(
          '<a href="https://e.example" target="_self" rel="nofollow" title="t" class="c" id="i" style="color:red" onclick="x()">a</a>',
        ),
      ),
    ).toEqual(["a[href,target,rel,title]"]);
    expect(
      shape(
        sanitizeHtml(
          '<img src="https://e.example/p.png" alt="p" width="10" height="20" title="t" class="c" srcset="x 2x" onerror="x()">',
        ),
      ),
    ).toEqual(["img[src,alt,width,height,title]"]);
    // Other tags keep no attributes at all.
    expect(sanitizeHtml('<p class="lead" style="color:red" title="t">x</p>')).toBe("<p>x</p>");
    expect(sanitizeHtml('<a href="https://e.example" target="_blank">x</a>')).toBe(
      '<a href="https://e.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("FM-VALID-055 allows only the http, https, ftp, mailto and tel schemes", () => {
    for (const href of [
      "http://e.example/",
      "https://e.example/",
      "ftp://e.example/f",
      "mailto:ops@e.example",
      "tel:+4712345678",
      "/relative/page",
    ]) {
      expect(shape(sanitizeHtml(`<a href="${href}">x</a>`))).toEqual(["a[href]"]);
    }
    for (const href of [
      "javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,hi",
      "vbscript:x",
      "sms:123",
      "file:///etc/passwd",
    ]) {
      expect(shape(sanitizeHtml(`<a href="${href}">x</a>`))).toEqual(["a[]"]);
    }
    expect(shape(sanitizeHtml('<img src="data:image/png;base64,AAAA" alt="a">'))).toEqual([
      "img[alt]",
    ]);
  });

  it("FM-VALID-059 has no nesting limit", () => {
    const depth = 600;
    const html = `${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}`;
    const out = sanitizeHtml(html);
    expect(out).toBe(html);
    expect(shape(out)).toHaveLength(depth);
  });

  it.each(XSS_CORPUS)("leaves %s harmless", (payload) => {
    const box = document.createElement("div");
    box.innerHTML = sanitizeHtml(payload);
    for (const element of box.querySelectorAll("*")) {
      for (const name of element.getAttributeNames()) expect(name).not.toMatch(/^on/i);
      expect(element.tagName).not.toMatch(/^(SCRIPT|IFRAME|OBJECT|EMBED|STYLE|SVG|MATH|FORM)$/);
      for (const name of ["href", "src"]) {
        const url = element.getAttribute(name);
        if (url !== null) {
          expect(new URL(url, "https://relative.invalid/").protocol).toMatch(
            /^(https?|ftp|mailto|tel):$/,
          );
        }
      }
    }
  });
});

describe("sanitizeNoticeHtml", () => {
  it("FM-VALID-056 notice text allows only a, b, i, em and strong", () => {
    const html =
      '<b>b</b><i>i</i><em>em</em><strong>strong</strong><a href="https://e.example">a</a>';
    expect(sanitizeNoticeHtml(html)).toBe(html);
    expect(
      shape(
        sanitizeNoticeHtml(
          "<p><u>u</u><span>s</span><h1>h</h1><table><tr><td>t</td></tr></table></p>",
        ),
      ),
    ).toEqual([]);
  });

  it("FM-VALID-057 links in notice text may carry href, target and class", () => {
    expect(
      shape(
        sanitizeNoticeHtml(
          '<a href="https://e.example" target="_self" class="link" title="t" id="i" style="x">a</a>',
        ),
      ),
    ).toEqual(["a[href,target,class]"]);
  });

  it("FM-VALID-058 other tags in notice text are not rendered as markup; their text stays", () => {
    const out = sanitizeNoticeHtml(
      '<div>Outage <u>tonight</u><img src="https://e.example/x.png"><script>alert(1)</script></div>',
    );
    expect(shape(out)).toEqual([]);
    expect(out).toBe("Outage tonight");
  });
});
