//go:build !windows

package main

import (
	"fmt"
	"os"
	"syscall"
)

// checkPrivate refuses a folder another account owns or could write: whoever can write there decides what
// this executable runs (the temp-dir fallback is shared by every account).
func checkPrivate(root string) error {
	info, err := os.Lstat(root)
	if err != nil {
		return fmt.Errorf("%s: %v", root, err)
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !info.IsDir() || !ok {
		return fmt.Errorf("%s: not private (not a folder)", root)
	}
	if int(st.Uid) != os.Geteuid() || info.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s: not private (owner uid %d, mode %o: it must be yours and not writable by others)",
			root, st.Uid, info.Mode().Perm())
	}
	return nil
}
