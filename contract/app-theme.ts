// The installed app's colours (docs/decisions/035-installable-app-and-push.md): the page
// backgrounds of client/src/index.css (light `--background`, dark `.dark --background`) in
// sRGB, for the manifest and the `theme-color` of every page, the app's and the server's.
export const themeColors = { light: '#fbfaff', dark: '#0d0c14' } as const;
