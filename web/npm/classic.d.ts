// qipan/classic: the classic script (a <script> tag, or node's require),
// which defines the one global Qipan (docs/embedding.md, "Embedding").
import type { QipanApi } from './qipan.js';

declare global {
  const Qipan: QipanApi;
}

declare const api: QipanApi;
export = api;
