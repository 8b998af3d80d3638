// oidc-provider 9 ships no types and @types/oidc-provider is not among the packages verified
// here: the few parts tests/helpers/oidc-provider.ts uses are typed there.
declare module 'oidc-provider';
