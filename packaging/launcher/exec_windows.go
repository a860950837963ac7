//go:build windows

package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
)

func programPath(dir string) string { return filepath.Join(dir, "wazuh-mcp.exe") }

// handOver runs the unpacked program as a child with this process's console and stdio (Windows has no exec)
// and exits with its status. Ctrl+C and Ctrl+Break reach every process on the console, so this one ignores
// them and lets the child decide.
func handOver(program string, args []string, env []string) (int, error) {
	signal.Notify(make(chan os.Signal, 1), os.Interrupt)
	cmd := exec.Command(program, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.Env = os.Stdin, os.Stdout, os.Stderr, env
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	if err != nil {
		return 0, err
	}
	return 0, nil
}
