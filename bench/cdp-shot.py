#!/usr/bin/env python3
"""A screenshot of a page once the page says it is ready, over the DevTools protocol (--remote-debugging-pipe).

    bench/cdp-shot.py CHROMIUM URL PNG [WIDTH HEIGHT]

Loads URL in headless Chromium, waits (up to 60 s) until document.title starts with "SHOT ", and saves the viewport
as PNG. `--screenshot` alone paints a page that scrolled itself after load only in part (a white band where the code
should be), so bench/stryker-render.sh takes its screenshots this way. Prints the page's
<pre id="stryker-render-result"> lines, if any. Standard library only.
"""
import base64
import fcntl
import json
import os
import subprocess
import sys
import time


def high(fd):
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return moved


def main():
    browser, url, png = sys.argv[1:4]
    width, height = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) > 5 else (1280, 1000)
    # Chromium reads commands from fd 3 and writes answers to fd 4; the pipe ends are moved above 10 first so that
    # putting them on 3 and 4 in the child cannot overwrite one with the other.
    to_chrome_r, to_chrome_w, from_chrome_r, from_chrome_w = (high(fd) for fd in os.pipe() + os.pipe())

    def child_fds():
        os.dup2(to_chrome_r, 3)
        os.dup2(from_chrome_w, 4)

    proc = subprocess.Popen([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                             "--allow-file-access-from-files", "--remote-debugging-pipe",
                             f"--window-size={width},{height}", "about:blank"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            pass_fds=(3, 4, to_chrome_r, from_chrome_w), preexec_fn=child_fds)
    os.close(to_chrome_r)
    os.close(from_chrome_w)
    out = os.fdopen(to_chrome_w, "wb", buffering=0)
    inp = os.fdopen(from_chrome_r, "rb", buffering=0)
    buf = b""
    ids = [0]

    def send(method, params=None, session=None):
        ids[0] += 1
        msg = {"id": ids[0], "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        out.write(json.dumps(msg).encode() + b"\0")
        return wait(ids[0])

    def wait(want):
        nonlocal buf
        while True:
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                if msg.get("id") == want:
                    if "error" in msg:
                        raise RuntimeError(f"{msg['error']}")
                    return msg.get("result", {})
            chunk = inp.read(65536)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            buf += chunk

    try:
        target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                    "mobile": False}, session)
        send("Page.enable", {}, session)
        send("Page.navigate", {"url": url}, session)
        deadline = time.time() + 60
        title = ""
        while time.time() < deadline:
            title = send("Runtime.evaluate", {"expression": "document.title", "returnByValue": True},
                         session)["result"].get("value") or ""
            if title.startswith("SHOT "):
                break
            time.sleep(0.2)
        else:
            print(f"the page never said it was ready (title: {title!r})", file=sys.stderr)
            return 1
        lines = send("Runtime.evaluate", {"expression": "(document.getElementById('stryker-render-result') || "
                                                        "{textContent: ''}).textContent", "returnByValue": True},
                     session)["result"].get("value") or ""
        shot = send("Page.captureScreenshot", {"format": "png"}, session)
        with open(png, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        for line in lines.splitlines():
            if line.strip():
                print(line)
        return 0
    finally:
        try:
            send("Browser.close")
        except Exception:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    sys.exit(main())
