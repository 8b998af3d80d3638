/** A feed page's place: `before` (the last id shown, newest first) or else `offset`. */
export type PagePlace = { offset: number; limit: number; before?: number };

/** The first index of a newest-first id list whose id is below `before`. */
export function firstBelow(ids: readonly number[], before: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] < before) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * One page of the newest-first union of the public ids and the viewer's private ones (the two
 * sets never share an id). `publicComplete` says no older public id exists past the list; when
 * the page needs public ids past an incomplete list, the answer is `more`, with how many public
 * ids below the list's last one the page could still need, and the caller extends the list.
 */
export function mergePage(publicIds: readonly number[], publicComplete: boolean, privateIds: readonly number[], place: PagePlace): number[] | { more: number } {
  let i = place.before === undefined ? 0 : firstBelow(publicIds, place.before);
  let j = place.before === undefined ? 0 : firstBelow(privateIds, place.before);
  let skip = place.before === undefined ? place.offset : 0;
  const page: number[] = [];
  while (page.length < place.limit) {
    const pub = i < publicIds.length ? publicIds[i] : undefined;
    const own = j < privateIds.length ? privateIds[j] : undefined;
    // Past the end of an incomplete list, a private id may still come first only if it is newer
    // than every public id not yet loaded, which are all older than the list's last id.
    const lastPublic = publicIds.length ? publicIds[publicIds.length - 1] : Number.POSITIVE_INFINITY;
    if (pub === undefined && !publicComplete && (own === undefined || own < lastPublic)) return { more: skip + place.limit - page.length };
    if (pub === undefined && own === undefined) break;
    let next: number;
    if (own === undefined || (pub !== undefined && pub > own)) next = publicIds[i++];
    else next = privateIds[j++];
    if (skip > 0) skip--;
    else page.push(next);
  }
  return page;
}
