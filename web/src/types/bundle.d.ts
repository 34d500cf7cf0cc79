// The argument of the function tools/bundle.cjs wraps the bundle in: it
// hands Qipan to node's module.exports, or makes it the one global.
declare function qipanPublish(qipan: object): void;

// The hosted copy's address, where the build names one (QIPAN_SITE=https://... make; tools/bundle.cjs
// defines it): a Share from a page opened from disk links there.
declare const QIPAN_SITE: string | undefined;
