/* ---- app.js */
