// Command wazuh-mcp is the one-file executable: a small launcher that carries the PyInstaller onedir build
// (a zip embedded at build time, see packaging/build.sh). The first start of a build unpacks it once into a
// per-user cache folder named after the payload's hash; every start then hands over to that folder's
// executable (exec on Linux and macOS, a child process on Windows). A PyInstaller one-file executable
// inflates and writes its whole archive into a new temporary folder at every start instead, which is what
// made the download start 1.5x slower than the same build unpacked (docs/performance.md).
//
// Nothing here writes to stdout: for `serve` it is the JSON-RPC channel, and it belongs to the program
// handed over to.
package main

import (
	_ "embed"
	"fmt"
	"os"
)

//go:embed payload.zip
var payload []byte

// Set by packaging/build.sh (-ldflags -X): the package version and the payload's SHA-256 (hex).
var (
	version     = "dev"
	payloadHash = ""
)

// selfEnv names the launcher's own path for the program it hands over to: that program then writes this
// file, not the cache copy, into AI-client configs and desktop entries (wazuh_mcp/setup/serve_command.py).
const selfEnv = "WAZUH_MCP_EXECUTABLE"

func main() {
	self, err := os.Executable()
	if err != nil {
		fail("cannot find this executable's own path: %v", err)
	}
	dir, err := ensureUnpacked(buildID())
	if err != nil {
		fail("%v", err)
	}
	env := append(withoutVar(os.Environ(), selfEnv), selfEnv+"="+self)
	code, err := handOver(programPath(dir), os.Args[1:], env)
	if err != nil {
		fail("cannot start %s: %v", programPath(dir), err)
	}
	os.Exit(code)
}

// buildID names this build's cache folder: the version for people, the payload hash so that two builds of
// one version never share a folder.
func buildID() string {
	h := payloadHash
	if len(h) > 16 {
		h = h[:16]
	}
	if h == "" {
		h = "unhashed"
	}
	return version + "-" + h
}

func withoutVar(env []string, name string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if len(kv) > len(name) && kv[:len(name)+1] == name+"=" {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// fail prints one line on stderr and exits 1: a GUI-started process has nowhere else to say why.
func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "wazuh-mcp: "+format+"\n", args...)
	os.Exit(1)
}
