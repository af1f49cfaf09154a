/** Placeholder: filled by this package's issue. */
export const PACKAGE_NAME = '@commerce-kit/theme-config';
