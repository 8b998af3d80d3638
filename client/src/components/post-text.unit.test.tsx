import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hashtagQuery, hashtagsOf, mentionsOf, postParts } from '@contract/post-text';
import { PostText } from './post-text';

const html = (text: string) => renderToStaticMarkup(<PostText text={text} />);

describe('postParts', () => {
  it('finds #tags (any script), @usernames and http(s) URLs, and leaves the rest as text', () => {
    expect(postParts('Sunset at #Praia_2 with @anna_b — see https://example.com/a?b=1.')).toEqual([
      { type: 'text', text: 'Sunset at ' },
      { type: 'hashtag', text: '#Praia_2', tag: 'praia_2' },
      { type: 'text', text: ' with ' },
      { type: 'mention', text: '@anna_b', username: 'anna_b' },
      { type: 'text', text: ' — see ' },
      { type: 'url', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: '.' },
    ]);
    expect(hashtagsOf('#Café und #日本', 'again #café')).toEqual(['café', '日本']);
  });
  it('leaves alone what only looks like one: a#b, e-mail addresses, &#39; entities, a fragment, javascript: and too-short names', () => {
    for (const text of ['a#b', 'mail me at ann@example.com', 'it&#39;s', 'javascript:alert(1)', 'hi @ab', 'ftp://example.com']) {
      expect(postParts(text).every((p) => p.type === 'text'), text).toBe(true);
    }
    expect(postParts('https://example.com/#top').map((p) => p.type)).toEqual(['url']);
    expect(mentionsOf('@Ann and @ann and @bob')).toEqual(['Ann', 'bob']);
  });
  it('reads a search of one #word as that tag', () => {
    expect(hashtagQuery(' #Sunset ')).toBe('sunset');
    expect(hashtagQuery('#sunset beach')).toBeNull();
    expect(hashtagQuery('sunset')).toBeNull();
  });
});

describe('PostText', () => {
  it('builds the links itself: a tag search, a profile, an external link marked nofollow ugc', () => {
    const out = html('#sunset by @anna at https://example.com');
    expect(out).toContain('href="/search?q=%23sunset"');
    expect(out).toContain('href="/profile/%40anna"');
    expect(out).toContain('href="https://example.com" rel="nofollow ugc noopener" target="_blank"');
  });
  it('renders XSS payloads with #, @ and URLs inside as text, never as markup', () => {
    const payloads = [
      '<img src=x onerror=alert(1)>#tag',
      '#<script>alert(1)</script>',
      '@anna<svg onload=alert(1)>',
      'https://example.com/"><script>alert(1)</script>',
      "https://example.com/' onmouseover='alert(1)",
      'javascript:alert(1)//https://example.com',
      '[x](javascript:alert(1)) @bob #a"b',
    ];
    for (const payload of payloads) {
      const out = html(payload);
      expect(out, payload).not.toMatch(/<(img|script|svg)\b/i);
      expect(out, payload).not.toMatch(/href="javascript:/i);
      // No event handler inside any tag the rendering made (escaped text may spell one).
      expect(out, payload).not.toMatch(/<[^>]*\son\w+\s*=/i);
    }
  });
});
