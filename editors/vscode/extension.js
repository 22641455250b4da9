// The WWR role files extension: starts `mafia roles lsp` (the language server of the
// `mafia` binary) for role files, through vscode-languageclient over stdio.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace
    .getConfiguration("wwrRoles")
    .get("server.path", "mafia");
  const serverOptions = {
    command,
    args: ["roles", "lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions = {
    documentSelector: [{ scheme: "file", language: "wwr-role" }],
    // Files changed on disk (a checkout, another program) are re-read by the server.
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher("**/*"),
    },
  };
  client = new LanguageClient(
    "wwrRoles",
    "WWR role files (mafia roles lsp)",
    serverOptions,
    clientOptions
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
