/* ---- storage.js */
