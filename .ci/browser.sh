# Sourced by .ci/run: installs Debian's headless Chromium and its WebDriver (chromedriver)
# when missing and exports their paths for the browser test (crates/e2e):
#   MAFIA_E2E_CHROMIUM, MAFIA_E2E_CHROMEDRIVER.
# Quiet on success. In CI (CI=true) a failed install fails the run; elsewhere the browser test
# says it was skipped. Can also be run by hand: `bash .ci/browser.sh`.
mafia_browser_setup() {
    local chromium driver
    chromium=$(command -v chromium || command -v chromium-browser || true)
    driver=$(command -v chromedriver || true)
    if [ -z "$chromium" ] || [ -z "$driver" ]; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver) \
                >/tmp/mafia-ci-browser-install.log 2>&1 || {
                echo "chromium install failed; see /tmp/mafia-ci-browser-install.log" >&2
                tail -n 20 /tmp/mafia-ci-browser-install.log >&2
                return 1
            }
        else
            echo "chromium/chromedriver missing and cannot be installed (not root or no apt-get)" >&2
            return 1
        fi
        chromium=$(command -v chromium || command -v chromium-browser || true)
        driver=$(command -v chromedriver || true)
        if [ -z "$chromium" ] || [ -z "$driver" ]; then
            echo "chromium/chromedriver still missing after the install" >&2
            return 1
        fi
    fi
    export MAFIA_E2E_CHROMIUM="$chromium" MAFIA_E2E_CHROMEDRIVER="$driver"
}
if ! mafia_browser_setup; then
    if [ "${CI:-}" = true ]; then
        echo "error: the browser test needs chromium and chromium-driver" >&2
        # Sourced: stop .ci/run; run directly: exit with failure.
        return 1 2>/dev/null || exit 1
    fi
    echo "note: chromium could not be installed; the browser test will be skipped"
fi
