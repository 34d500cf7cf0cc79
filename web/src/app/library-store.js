/* app/library-store.js: the library's games in IndexedDB (the browser's
 * store for data that grows), opened the first time they are needed: a
 * game ends, or My games opens. One database a page's storage key, two
 * stores: 'games' (LibraryEntry by id, with indexes for the list: newest
 * first, by game, by result, by both) and 'meta' (the figures carried from
 * before the library). Every failure is a LibraryError of a kind the page
 * can say in words: 'unavailable' (no IndexedDB, or the browser refuses
 * it), 'blocked' (another tab holds an older version open), 'full' (the
 * quota), 'failed' (anything else). A write is one transaction: it happens
 * whole or not at all. A stored entry that does not read back (damaged,
 * foreign) is skipped and counted, never fatal. */
import { checkEntry } from './library-entry.js';

/** @typedef {import('./library-entry.js').LibraryEntry} LibraryEntry */
/** @typedef {{game: string, tag: string}} LibraryFilter '' for any */
/** @typedef {{entries: LibraryEntry[], damaged: number}} LibraryPage */

const VERSION = 1;

export class LibraryError extends Error {
  /** @param {'unavailable'|'blocked'|'full'|'failed'} kind @param {string} [message] */
  constructor(kind, message) {
    super(message || kind);
    this.kind = kind;
  }
}

/** A DOMException (or anything) as a LibraryError. @param {any} e */
export function libraryError(e) {
  if (e instanceof LibraryError) return e;
  const name = e && e.name;
  if (name === 'QuotaExceededError') return new LibraryError('full', e.message);
  if (name === 'SecurityError' || name === 'InvalidStateError') return new LibraryError('unavailable', e.message);
  return new LibraryError('failed', (e && e.message) || String(e));
}

/** A request's answer as a promise. @template T @param {IDBRequest<T>} req @returns {Promise<T>} */
const done = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(libraryError(req.error));
});

/** Runs `body` in a transaction and waits for it to commit: its answer,
 * or the reason it failed, and then nothing of it was written.
 * @template T @param {IDBTransaction} tx @param {(tx: IDBTransaction) => Promise<T>} body @returns {Promise<T>} */
async function inTx(tx, body) {
  const end = new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(undefined);
    tx.onabort = () => reject(libraryError(tx.error || new Error('aborted')));
  });
  try {
    const answer = await body(tx);
    await end;
    return answer;
  } catch (e) {
    end.catch(() => {});
    try {
      tx.abort();
    } catch { /* already over */ }
    throw libraryError(e);
  }
}

/** The index and key range that list `filter`'s games by date.
 * @param {IDBObjectStore} games @param {LibraryFilter} filter @returns {[IDBIndex, IDBKeyRange|null]} */
function listed(games, filter) {
  const g = filter.game, t = filter.tag;
  if (g && t) return [games.index('gameTag'), IDBKeyRange.bound([g, t, -Infinity], [g, t, Infinity])];
  if (g) return [games.index('game'), IDBKeyRange.bound([g, -Infinity], [g, Infinity])];
  if (t) return [games.index('tag'), IDBKeyRange.bound([t, -Infinity], [t, Infinity])];
  return [games.index('date'), null];
}

export class LibraryStore {
  /** @param {string} name the database's @param {string[]} games the games this page has
   * @param {() => any} carried the figures kept before the library, asked for once, when the database is made */
  constructor(name, games, carried) {
    this.name = name;
    this.games = games;
    this.carried = carried;
    /** @type {Promise<IDBDatabase>|null} */
    this.opening = null;
  }

  /** The database, opened once (a failed open is tried again next time). @returns {Promise<IDBDatabase>} */
  db() {
    if (!this.opening) {
      this.opening = this.openDb();
      this.opening.catch(() => { this.opening = null; });
    }
    return this.opening;
  }

  /** @returns {Promise<IDBDatabase>} */
  openDb() {
    return new Promise((resolve, reject) => {
      let req;
      try {
        if (typeof indexedDB === 'undefined' || !indexedDB) throw new LibraryError('unavailable', 'no IndexedDB');
        req = indexedDB.open(this.name, VERSION);
      } catch (e) {
        reject(libraryError(e));
        return;
      }
      req.onupgradeneeded = () => {
        const db = req.result;
        const games = db.createObjectStore('games', { keyPath: 'id' });
        games.createIndex('date', 'date');
        games.createIndex('game', ['game', 'date']);
        games.createIndex('tag', ['tag', 'date']);
        games.createIndex('gameTag', ['game', 'tag', 'date']);
        // What the games kept before the library: carried in once, with the database.
        db.createObjectStore('meta').put(this.carried() || {}, 'carried');
      };
      req.onblocked = () => reject(new LibraryError('blocked'));
      req.onerror = () => reject(libraryError(req.error));
      req.onsuccess = () => {
        const db = req.result;
        // Another tab that needs a newer version: this one lets go.
        db.onversionchange = () => { db.close(); this.opening = null; };
        resolve(db);
      };
    });
  }

  /** A transaction over `stores`. @param {string[]} stores @param {IDBTransactionMode} mode */
  async tx(stores, mode) {
    const db = await this.db();
    try {
      return db.transaction(stores, mode);
    } catch (e) {
      throw libraryError(e);
    }
  }

  /** Keeps a game that ended: added, the same game again (nothing to do), or the same game
   * ended otherwise (an undo, then another end: it replaces the first).
   * @param {LibraryEntry} entry @returns {Promise<'added'|'same'|'replaced'>} */
  async keep(entry) {
    return inTx(await this.tx(['games'], 'readwrite'), async (tx) => {
      const games = tx.objectStore('games');
      const old = await done(games.get(entry.id));
      const answer = !old ? 'added' : old.record === entry.record ? 'same' : 'replaced';
      if (answer !== 'same') games.put(entry);
      return answer;
    });
  }

  /** How many games the list of `filter` has, and how many stored records no index lists
   * (damaged beyond reading). @param {LibraryFilter} filter */
  async count(filter) {
    const tx = await this.tx(['games'], 'readonly'), games = tx.objectStore('games');
    const [index, range] = listed(games, filter);
    const [shown, all, dated] = await Promise.all([done(range ? index.count(range) : index.count()), done(games.count()),
      done(games.index('date').count())]);
    return { shown, all, unlisted: all - dated };
  }

  /** A page of the list: `limit` games after the first `offset`, newest first; records that do
   * not read back are skipped and counted. @param {LibraryFilter} filter @param {number} offset
   * @param {number} limit @returns {Promise<LibraryPage>} */
  async page(filter, offset, limit) {
    const tx = await this.tx(['games'], 'readonly');
    const [index, range] = listed(tx.objectStore('games'), filter);
    /** @type {LibraryPage} */
    const out = { entries: [], damaged: 0 };
    return new Promise((resolve, reject) => {
      const req = index.openCursor(range, 'prev');
      let skipped = offset === 0;
      req.onerror = () => reject(libraryError(req.error));
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return resolve(out);
        if (!skipped) {
          skipped = true;
          cursor.advance(offset);
          return;
        }
        const entry = checkEntry(cursor.value, this.games);
        if (entry) out.entries.push(entry);
        else out.damaged++;
        if (out.entries.length >= limit) resolve(out);
        else cursor.continue();
      };
    });
  }

  /** Every game of `filter`'s list, newest first (an export, the figures).
   * @param {LibraryFilter} filter @returns {Promise<LibraryPage>} */
  async all(filter) {
    const tx = await this.tx(['games'], 'readonly');
    const [index, range] = listed(tx.objectStore('games'), filter);
    const raw = await done(range ? index.getAll(range) : index.getAll());
    /** @type {LibraryPage} */
    const out = { entries: [], damaged: 0 };
    for (let i = raw.length - 1; i >= 0; i--) {
      const entry = checkEntry(raw[i], this.games);
      if (entry) out.entries.push(entry);
      else out.damaged++;
    }
    return out;
  }

  /** One game by its id, or null. @param {string} id */
  async get(id) {
    const tx = await this.tx(['games'], 'readonly');
    return checkEntry(await done(tx.objectStore('games').get(id)), this.games);
  }

  /** Adds the games that are not here yet, in one transaction: all of them or, if anything
   * fails (the quota), none. @param {LibraryEntry[]} entries
   * @returns {Promise<{added: number, skipped: number}>} */
  async importAll(entries) {
    return inTx(await this.tx(['games'], 'readwrite'), async (tx) => {
      const games = tx.objectStore('games');
      const counts = { added: 0, skipped: 0 };
      const have = await Promise.all(entries.map((e) => done(games.getKey(e.id))));
      entries.forEach((e, i) => {
        if (have[i] !== undefined) {
          counts.skipped++;
        } else {
          counts.added++;
          games.put(e);
        }
      });
      return counts;
    });
  }

  /** The figures carried from before the library (GameModule.library.carry), by game. */
  async carriedFigures() {
    const tx = await this.tx(['meta'], 'readonly');
    const value = await done(tx.objectStore('meta').get('carried'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }

  /** Deletes every game, and the figures carried. */
  async clear() {
    await inTx(await this.tx(['games', 'meta'], 'readwrite'), async (tx) => {
      tx.objectStore('games').clear();
      tx.objectStore('meta').put({}, 'carried');
    });
  }

  close() {
    if (this.opening) this.opening.then((db) => db.close(), () => {});
    this.opening = null;
  }
}
