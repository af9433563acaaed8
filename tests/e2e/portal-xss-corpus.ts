/**
 * XSS payloads for the portal's untrusted text (the homepage HTML an administrator writes, order notes):
 * script tags, event handlers, javascript: URLs, SVG and MathML, and DOMPurify's published mutation-XSS
 * samples (namespace confusion, noscript/style parsing differences, comment and CDATA tricks). Every
 * payload, if it ran, would set `window.__xss` or open a dialog — the tests assert neither happens.
 * Shared by tests/e2e/portal.spec.ts and shell-elements/src/portal-badges/sanitize.test.ts.
 */
const hit = 'window.__xss=1;alert(1)';

export const XSS_CORPUS: readonly string[] = [
  `<script>${hit}</script>`,
  `<SCRIPT SRC=data:text/javascript,${encodeURIComponent(hit)}></SCRIPT>`,
  `<img src=x onerror="${hit}">`,
  `<img src="x" onerror=${hit}//>`,
  `<svg onload="${hit}"></svg>`,
  `<svg><script>${hit}</script></svg>`,
  `<svg><animate onbegin="${hit}" attributeName=x dur=1s>`,
  `<svg><a xlink:href="javascript:${hit}"><text x=20 y=20>click</text></a></svg>`,
  `<body onload="${hit}">`,
  `<iframe src="javascript:${hit}"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<a href="javascript:${hit}">link</a>`,
  `<a href="JaVaScRiPt:${hit}">mixed case</a>`,
  `<a href="&#106;avascript:${hit}">entity</a>`,
  `<a href="java\tscript:${hit}">tab</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>`,
  `<details open ontoggle="${hit}">x</details>`,
  `<input autofocus onfocus="${hit}">`,
  `<video><source onerror="${hit}"></video>`,
  `<audio src=x onerror="${hit}"></audio>`,
  `<object data="javascript:${hit}"></object>`,
  `<embed src="javascript:${hit}">`,
  `<form action="javascript:${hit}"><button>go</button></form>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${hit}">`,
  `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror='${hit}'>"></style></h1>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror="${hit}">`,
  `<svg></p><style><a id="</style><img src=1 onerror=${hit}>">`,
  `<noscript><p title="</noscript><img src=x onerror=${hit}>">`,
  `<svg><style><img src=x onerror=${hit}></style></svg>`,
  `<!--<img src="--><img src=x onerror=${hit}//">`,
  `<![CDATA[<img src=x onerror=${hit}>]]>`,
  `<div style="background:url(javascript:${hit})">style</div>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${hit}">`,
  `<base href="javascript:${hit}//">`,
  `<template><img src=x onerror="${hit}"></template>`,
  `<xmp><img src=x onerror="${hit}"></xmp>`,
  `<select><template><style><!--</style><img src=x onerror=${hit}>--></style></template></select>`,
  `"><img src=x onerror=${hit}>`,
  `<isindex action="javascript:${hit}" type=image>`,
  `<marquee onstart="${hit}">m</marquee>`,
];
