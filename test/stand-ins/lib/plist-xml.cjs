// A reader for the XML property lists Rancher Desktop's deployment profiles are written in (`plutil
// -convert xml1`): dict, key, string, integer, real, true, false, array. Rancher Desktop itself
// converts with `plutil -convert json` (main/deploymentProfiles.ts); this stand-in has no plutil.
'use strict';

const TOKEN = /<(\/?)([A-Za-z]+)(\s[^>]*)?(\/?)>|([^<]+)/g;

function decode(text) {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function parsePlist(xml) {
  const body = xml.replace(/<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->/g, '');
  const tokens = [];
  for (const m of body.matchAll(TOKEN)) {
    if (m[5] !== undefined) {
      if (m[5].trim()) tokens.push({ text: decode(m[5]) });
    } else tokens.push({ close: m[1] === '/', name: m[2], empty: m[4] === '/' });
  }
  let i = 0;
  const expect = (name) => {
    const t = tokens[i++];
    if (!t || !t.close || t.name !== name) throw new Error(`plist: expected </${name}>`);
  };
  const text = (name) => {
    const t = tokens[i];
    const value = t && t.text !== undefined ? (i++, t.text) : '';
    expect(name);
    return value;
  };
  const value = (depth) => {
    if (depth > 32) throw new Error('plist: nested too deep');
    const t = tokens[i++];
    if (!t || t.close || t.text !== undefined) throw new Error('plist: expected a value');
    if (t.name === 'true' || t.name === 'false') {
      if (!t.empty) expect(t.name);
      return t.name === 'true';
    }
    if (t.name === 'string') return t.empty ? '' : text('string');
    if (t.name === 'integer' || t.name === 'real') return Number(text(t.name));
    if (t.name === 'array') {
      const out = [];
      if (t.empty) return out;
      while (!(tokens[i]?.close && tokens[i].name === 'array')) out.push(value(depth + 1));
      i++;
      return out;
    }
    if (t.name === 'dict') {
      const out = {};
      if (t.empty) return out;
      while (!(tokens[i]?.close && tokens[i].name === 'dict')) {
        const k = tokens[i++];
        if (!k || k.name !== 'key') throw new Error('plist: expected <key>');
        const key = text('key');
        out[key] = value(depth + 1);
      }
      i++;
      return out;
    }
    throw new Error(`plist: unknown element <${t.name}>`);
  };
  const open = tokens[i++];
  if (!open || open.name !== 'plist') throw new Error('plist: no <plist> element');
  const root = value(0);
  expect('plist');
  return root;
}

/** A property list of `value`, as `plutil -convert xml1` writes one. */
function toPlist(value) {
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const item = (v, indent) => {
    if (v === true || v === false) return `${indent}<${v}/>`;
    if (typeof v === 'number')
      return `${indent}<${Number.isInteger(v) ? 'integer' : 'real'}>${v}</${Number.isInteger(v) ? 'integer' : 'real'}>`;
    if (typeof v === 'string') return `${indent}<string>${esc(v)}</string>`;
    if (Array.isArray(v))
      return [`${indent}<array>`, ...v.map((x) => item(x, `${indent}\t`)), `${indent}</array>`].join('\n');
    const lines = [`${indent}<dict>`];
    for (const [k, x] of Object.entries(v))
      lines.push(`${indent}\t<key>${esc(k)}</key>`, item(x, `${indent}\t`));
    lines.push(`${indent}</dict>`);
    return lines.join('\n');
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    item(value, ''),
    '</plist>',
    '',
  ].join('\n');
}

module.exports = { parsePlist, toPlist };
