// Tiny DOM helpers: build elements from data, never from HTML strings (user and model text stay text).

/** h("button.primary", {onclick}, "Save") → <button class="primary">Save</button> */
export function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "class") el.className = [el.className, value].filter(Boolean).join(" ");
    // Through the CSSOM: a style attribute would be inline style, which the CSP refuses.
    else if (key === "style") el.style.cssText = String(value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * A small, safe subset of markdown for coach messages: paragraphs, "- " lists, **bold**, *italic*.
 * Text nodes only, so a model cannot inject markup.
 */
export function markdown(text) {
  const root = h("div.md");
  let list = null;
  for (const raw of String(text || "").split(/\n/)) {
    const line = raw.trim();
    const item = line.match(/^(?:[-*•]|\d+[.)])\s+(.*)$/);
    if (item) {
      if (!list) root.append((list = h("ul")));
      list.append(h("li", {}, inline(item[1])));
      continue;
    }
    list = null;
    if (line) root.append(h("p", {}, inline(line)));
  }
  return root;
}

function inline(text) {
  const parts = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    if (m[1] !== undefined) parts.push(h("strong", {}, m[1]));
    else if (m[2] !== undefined) parts.push(h("em", {}, m[2]));
    else parts.push(h("code", {}, m[3]));
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
