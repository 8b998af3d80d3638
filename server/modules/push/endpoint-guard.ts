import dns from 'node:dns';
import net from 'node:net';

/**
 * Where the server may send a push: a member supplies the endpoint URL and the server requests
 * it, so it must be `https` on a public address: never loopback, private ranges, link-local,
 * shared (CGNAT), multicast or reserved addresses, checked on the addresses DNS answers, both
 * when the subscription is saved and again on the connection each push makes (a name that
 * resolves elsewhere later is refused then). `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS, tests
 * only) lets `http://` and every address through.
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) blocked.addSubnet(prefix, bits, 'ipv6');

/** True for an address no push may go to. An IPv4-mapped IPv6 address is judged as its IPv4. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class EndpointRefused extends Error {}

/** The URL when it may be pushed to; throws EndpointRefused otherwise. */
export async function checkEndpoint(endpoint: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('not a URL');
  }
  if (url.username || url.password) throw new EndpointRefused('credentials in the URL');
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new EndpointRefused('not https');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new EndpointRefused('the name does not resolve');
  if (addresses.some(isPrivateAddress)) throw new EndpointRefused('a private address');
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses private answers, so the connection itself goes only where checkEndpoint allows. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      const allowed = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
      if (allowed.length === 0) return callback(Object.assign(new Error(`push endpoint ${hostname} resolves to a private address`), { code: 'EPRIVATE' }), []);
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}
