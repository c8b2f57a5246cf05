# Keeps one LibreOffice running and converts office documents to PDF on request, for office-instance.ts.
#
# Why Python: LibreOffice is driven through UNO, and the only UNO client that ships with Debian's headless
# LibreOffice is PyUNO (python3-uno); Node has none. This script is the whole non-TypeScript part of Quire: it
# starts soffice, connects to it once, and then answers one JSON line per request on stdin/stdout:
#   request  {"input": "/job/input.docx", "output": "/job/output.pdf", "pdfFilter": "writer_pdf_Export",
#             "loadFilter": "…", "loadOptions": "…" (both optional: a CSV's import filter), "fitWidth": false}
#   reply    {"ok": true} | {"ok": false, "error": "<one line>"}
# The first line it writes is {"ready": true}. It runs inside the sandbox that office-instance.ts builds, so the
# paths are sandbox paths. It never decides anything about the document: Node checks the output.
import json
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.uno import RuntimeException

PIPE = "quire-office"
CONNECT = f"uno:pipe,name={PIPE};urp;StarOffice.ComponentContext"
# Read-only, hidden, no macros, no link updates: the document is loaded only to be printed to PDF.
# MacroExecutionMode 0 = NEVER_EXECUTE, UpdateDocMode 0 = NO_UPDATE. No InteractionHandler is passed, so a
# password prompt or any other question fails the load instead of waiting for an answer.
LOAD_PROPS = {"Hidden": True, "ReadOnly": True, "MacroExecutionMode": 0, "UpdateDocMode": 0}
PDF_FILTERS = {"writer_pdf_Export", "calc_pdf_Export", "impress_pdf_Export"}


def props(values):
    result = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name, prop.Value = name, value
        result.append(prop)
    return tuple(result)


def start_office(profile_url):
    # Same flags as a desktop-less server: no window, no first-start wizard, no recovery, no crash reporter.
    return subprocess.Popen(
        ["/usr/lib/libreoffice/program/soffice.bin", f"-env:UserInstallation={profile_url}",
         "--headless", "--invisible", "--nocrashreport", "--nodefault", "--nologo", "--nofirststartwizard",
         "--norestore", f"--accept=pipe,name={PIPE};urp;StarOffice.ComponentContext"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# soffice.bin exits with this code after it has created a fresh profile, asking to be started again (the
# `soffice` launcher script normally does that; we start soffice.bin directly to own its process).
EXIT_RESTART = 81


def connect(profile_url, deadline):
    """Starts soffice and connects to it; returns (process, desktop)."""
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    office = start_office(profile_url)
    while True:
        try:
            context = resolver.resolve(CONNECT)
            desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
            return office, desktop
        except NoConnectException:
            if office.poll() == EXIT_RESTART:
                office = start_office(profile_url)
            elif office.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def fit_sheets_to_width(document):
    # Each sheet prints with its page style: scaled so that its columns take one page across (ScaleToPagesX = 1)
    # and its rows as many pages down as they need (ScaleToPagesY = 0). The document is never saved.
    styles = document.StyleFamilies.getByName("PageStyles")
    sheets = document.Sheets
    for name in {sheets.getByIndex(index).PageStyle for index in range(sheets.Count)}:
        style = styles.getByName(name)
        style.ScaleToPagesX = 1
        style.ScaleToPagesY = 0


def rename_only_sheet(document, name):
    # A sheet name may not hold any of []*?:/\ nor start or end with an apostrophe; a name LibreOffice still refuses
    # keeps its old name, which only changes the printed header.
    cleaned = "".join(" " if character in "[]*?:/\\" else character for character in name).strip(" '")
    if not cleaned:
        return
    try:
        document.Sheets.getByIndex(0).Name = cleaned
    except Exception:  # noqa: BLE001 - a name LibreOffice will not take: the header keeps "input".
        pass


def drop_linked_pictures(document):
    # Impress loads a picture linked from outside the file when it draws it, whatever the link settings (Writer and
    # Calc are told never to update links: hardened-profile.ts). Such pictures are removed before printing, as if
    # they were not found; the sandbox would only let them reach LibreOffice's own files anyway. A linked picture's
    # graphic has the link as its OriginURL; an embedded one has none.
    pages = [document.DrawPages.getByIndex(index) for index in range(document.DrawPages.Count)]
    pages += [document.MasterPages.getByIndex(index) for index in range(document.MasterPages.Count)]
    for page in pages:
        drop_linked_shapes(page)


def drop_linked_shapes(shapes):
    for index in reversed(range(shapes.Count)):
        shape = shapes.getByIndex(index)
        if shape.supportsService("com.sun.star.drawing.GroupShape"):
            drop_linked_shapes(shape)
        elif shape.supportsService("com.sun.star.drawing.GraphicObjectShape") and shape.Graphic is not None:
            if shape.Graphic.getPropertyValue("OriginURL"):
                shapes.remove(shape)


def convert(desktop, request):
    load = dict(LOAD_PROPS)
    if request.get("loadFilter"):
        load["FilterName"] = request["loadFilter"]
        load["FilterOptions"] = request.get("loadOptions", "")
    if request.get("sheetName"):
        # A read-only document refuses a sheet's new name. The document is only exported, never stored.
        load["ReadOnly"] = False
    pdf_filter = request.get("pdfFilter", "writer_pdf_Export")
    if pdf_filter not in PDF_FILTERS:
        raise ValueError("unknown PDF filter")
    document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request["input"]), "_blank", 0, props(load))
    if document is None:
        raise RuntimeError("LibreOffice could not open the document")
    try:
        is_spreadsheet = document.supportsService("com.sun.star.sheet.SpreadsheetDocument")
        if request.get("fitWidth") and is_spreadsheet:
            fit_sheets_to_width(document)
        if request.get("sheetName") and is_spreadsheet and document.Sheets.Count == 1:
            rename_only_sheet(document, request["sheetName"])
        if document.supportsService("com.sun.star.presentation.PresentationDocument"):
            drop_linked_pictures(document)
        store = {"FilterName": pdf_filter, "Overwrite": True}
        document.storeToURL(uno.systemPathToFileUrl(request["output"]), props(store))
    finally:
        document.close(True)


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    office, desktop = connect(sys.argv[1], time.monotonic() + 30)
    reply({"ready": True})
    for line in sys.stdin:
        try:
            convert(desktop, json.loads(line))
            reply({"ok": True})
        except RuntimeException:
            # The connection broke (DisposedException is one): soffice died, perhaps in idle time after the
            # previous document. Node sees the bridge exit, retries the document cold and starts a new instance.
            sys.exit(1)
        except Exception as error:  # noqa: BLE001 - a document LibreOffice cannot read: one line to Node.
            if office.poll() is not None:
                sys.exit(1)
            reply({"ok": False, "error": f"{type(error).__name__}: {error}".splitlines()[0][:300]})
    # stdin closed: Node is recycling this instance.
    try:
        desktop.terminate()
    except Exception:  # noqa: BLE001 - soffice may already be gone; it is killed below anyway.
        pass
    office.kill()


main()
