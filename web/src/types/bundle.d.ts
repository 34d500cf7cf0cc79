// The argument of the function tools/bundle.cjs wraps the bundle in: it
// hands Qipan to node's module.exports, or makes it the one global.
declare function qipanPublish(qipan: object): void;
