//go:build !windows

package main

import (
	"path/filepath"
	"syscall"
)

func programPath(dir string) string { return filepath.Join(dir, "wazuh-mcp") }

// handOver replaces this process with the unpacked program: same PID, stdio, signals and exit status, so an AI
// client that starts and stops `serve` sees one process.
func handOver(program string, args []string, env []string) (int, error) {
	argv := append([]string{program}, args...)
	return 0, syscall.Exec(program, argv, env)
}
