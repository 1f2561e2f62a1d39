/**
 * The public half of the vendor's Ed25519 licence key: the server accepts only licences it
 * verifies. The private half is never committed; `tools/licence/sign-licence.ts` signs with it.
 * This is the development pair's key; a release build replaces it with the vendor's own.
 */
export const LICENCE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAOWpY15GYd7L94FV9cWfniAFGYexJgt/XkFOkxaYtg6M=
-----END PUBLIC KEY-----
`;
