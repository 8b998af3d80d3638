// How a search's count reads ('{count} results'), in English: '1 result', and
// '1,000+' when the server stopped counting at its cap (contract/search.ts SEARCH_COUNT_CAP).

/** '1,000+' when capped, else the number with thousands separators. */
export function countNumber(count: number, capped?: boolean): string {
  return `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/** '0 results', '1 result', '12 results', '1,000+ results'. */
export function resultCountText(count: number, capped?: boolean): string {
  return `${countNumber(count, capped)} ${count === 1 && !capped ? 'result' : 'results'}`;
}
