# emsdk-env.sh — source me: `. ./emsdk-env.sh`. Makes `emcc` usable.
#
# 1. An activated emsdk ($EMSDK set) wins: its emcc is used as it is.
# 2. Else the system emcc. Debian's needs NODE_PATH=/usr/share/nodejs, or
#    every optimised build fails with "Cannot find module 'acorn'".
# 3. Else, on Debian or Ubuntu, Debian's emscripten package is installed
#    (with sudo when not root); elsewhere we say what to install.
# Quiet when everything is in place; safe to source again.

qipan_emcc_setup() {
    if [ -n "${EMSDK:-}" ] && [ -f "$EMSDK/emsdk_env.sh" ] && ! command -v emcc >/dev/null 2>&1; then
        . "$EMSDK/emsdk_env.sh" >/dev/null 2>&1
    fi
    if ! command -v emcc >/dev/null 2>&1; then
        if command -v apt-get >/dev/null 2>&1; then
            echo "emsdk-env.sh: emcc not found; installing Debian's emscripten package..." >&2
            local sudo=""
            [ "$(id -u)" = 0 ] || sudo="sudo"
            $sudo apt-get update -qq >&2 && $sudo apt-get install -y -qq emscripten >&2 || {
                echo "emsdk-env.sh: could not install emscripten (try: sudo apt-get install emscripten)" >&2
                return 1
            }
        else
            echo "emsdk-env.sh: emcc not found. Install Emscripten 3.1 or newer:" >&2
            echo "  https://emscripten.org/docs/getting_started/downloads.html (emsdk install latest;" >&2
            echo "  emsdk activate latest; source emsdk_env.sh), then run make again." >&2
            return 1
        fi
    fi
    if [ -z "${EMSDK:-}" ] && [ -d /usr/share/nodejs/acorn ]; then
        case ":${NODE_PATH:-}:" in
            *:/usr/share/nodejs:*) ;;
            *) export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}" ;;
        esac
    fi
    return 0
}
qipan_emcc_setup
