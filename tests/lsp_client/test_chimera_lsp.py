"""`chimera lsp` driven by pytest-lsp, a real LSP client, over stdio (run by tests/ext_lsp.rs).

CHIMERA is the binary under test; CHIMERA_DEFINITIONS the folder of shipped definitions.
"""

import json
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

CHIMERA = os.environ["CHIMERA"]
DEFINITIONS = pathlib.Path(os.environ["CHIMERA_DEFINITIONS"])

# A broken definition: the zone `hom` is misspelt (did you mean `home`?).
BROKEN = """variant "Broken"
board 5x5
zone home = ranks 1-2
piece King K { moves K royal }
piece Pawn P {
  moves mfWcfF
  promotes to King in enemy hom
}
start "k4/5/5/P4/K4 w - - 0 1"
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[CHIMERA, "lsp"]))
async def client(lsp_client: LanguageClient):
    params = types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def open_doc(client, path, text):
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="chimera", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


def at(uri, line, character):
    return types.TextDocumentIdentifier(uri=uri), types.Position(line=line, character=character)


@pytest.mark.asyncio
async def test_diagnostics_match_chimera_check(client: LanguageClient, tmp_path):
    path = tmp_path / "broken.variant"
    path.write_text(BROKEN)
    uri = await open_doc(client, path, BROKEN)
    diags = client.diagnostics[uri]
    assert len(diags) == 1
    d = diags[0]
    assert d.code == "chimera::zone::unknown"
    assert (d.range.start.line, d.range.start.character) == (6, 28)
    assert (d.range.end.line, d.range.end.character) == (6, 31)
    # `chimera check` says the same, at the same line and column (1-based there).
    check = subprocess.run([CHIMERA, "check", str(path)], capture_output=True, text=True)
    assert check.returncode == 1
    first_line = d.message.splitlines()[0]
    assert first_line in check.stderr
    assert f"{path}:7:29" in check.stderr
    assert "help: did you mean `home`?" in d.message


@pytest.mark.asyncio
async def test_hover_completion_definition_rename_formatting(client: LanguageClient, tmp_path):
    path = tmp_path / "good.variant"
    text = BROKEN.replace("enemy hom\n", "enemy home\n")
    uri = await open_doc(client, path, text)
    assert list(client.diagnostics[uri]) == []

    doc, pos = at(uri, 5, 9)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=pos))
    assert "compiles to" in hover.contents.value
    assert "`m`: move only" in hover.contents.value
    # VS Code's capabilities declare a markdown renderer: the diagram comes as an SVG image.
    assert "](data:image/svg+xml;base64,PHN2Zy" in hover.contents.value
    assert "```text" not in hover.contents.value

    doc, pos = at(uri, 6, 14)
    items = await client.text_document_completion_async(types.CompletionParams(text_document=doc, position=pos))
    labels = [i.label for i in (items.items if hasattr(items, "items") else items)]
    assert "King" in labels and "Pawn" in labels

    doc, pos = at(uri, 6, 31)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=pos))
    assert found.uri == uri
    assert (found.range.start.line, found.range.start.character) == (2, 5)

    doc, pos = at(uri, 3, 7)
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=doc, position=pos, new_name="Monarch")
    )
    edits = edit.changes[uri]
    assert [(e.range.start.line, e.range.start.character, e.new_text) for e in edits] == [
        (3, 6, "Monarch"),
        (6, 14, "Monarch"),
    ]

    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert len(edits) == 1
    assert "piece King K {\n  moves K\n  royal\n}\n" in edits[0].new_text


@pytest.mark.asyncio
async def test_a_shipped_definition_with_its_parent(client: LanguageClient):
    path = DEFINITIONS / "xiang-fu.variant"
    uri = await open_doc(client, path, path.read_text())
    assert list(client.diagnostics[uri]) == []
