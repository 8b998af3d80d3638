import crypto from 'node:crypto';
import { isoBase64URL as b64, isoCBOR } from '@simplewebauthn/server/helpers';

/** base64url of any bytes (the library's helper wants a plain ArrayBuffer view). */
const isoBase64URL = { fromBuffer: (bytes: Uint8Array) => b64.fromBuffer(new Uint8Array(bytes)), toBuffer: b64.toBuffer };

/**
 * A WebAuthn authenticator in software, for integration tests: one P-256 passkey that answers
 * registration and sign-in options as a browser would hand them to the server (attestation
 * `none`, user present and verified). Its signature counter is set by the test, so a cloned
 * authenticator whose counter goes backwards can be played.
 */
export function softAuthenticator(origin: string) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = crypto.randomBytes(16);
  const id = isoBase64URL.fromBuffer(credentialId);
  const rpId = new URL(origin).hostname;
  let userHandle = '';

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  function authData(counter: number, attested?: Buffer): Buffer {
    // UP (0x01) | UV (0x04) | AT (0x40, with the credential) — a device-bound passkey, not backed up.
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([crypto.createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  function coseKey(): Uint8Array {
    const jwk = publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    return isoCBOR.encode(key as never);
  }

  return {
    id,
    /** The browser's answer to `navigator.credentials.create()` for these options. */
    register(options: { challenge: string; user: { id: string } }) {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey())]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData(0, attested)]]) as never);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientData('webauthn.create', options.challenge)),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** The browser's answer to `navigator.credentials.get()`, signed with signature counter `counter`. */
    signIn(options: { challenge: string }, counter: number) {
      const data = authData(counter);
      const client = clientData('webauthn.get', options.challenge);
      const signature = crypto.sign('sha256', Buffer.concat([data, crypto.createHash('sha256').update(client).digest()]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(client),
          authenticatorData: isoBase64URL.fromBuffer(data),
          signature: isoBase64URL.fromBuffer(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
