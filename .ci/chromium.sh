# Sourced by .ci/run: installs Debian's headless Chromium (when missing) for the browser test
# of the demo game (crates/cli/tests/serve.rs); its screenshots land in target/tmp/screenshots/.
# Quiet on success; without it the browser test says it was skipped.
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
            >/tmp/mafia-ci-chromium-install.log 2>&1 \
            || echo "note: chromium could not be installed; the browser test will be skipped"
    else
        echo "note: no chromium; the browser test will be skipped"
    fi
fi
