package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

// runtimeEnv overrides where builds are unpacked (tests, locked-down machines).
const runtimeEnv = "WAZUH_MCP_RUNTIME_DIR"

// marker is written last into a folder being unpacked: a folder without it is never used.
const marker = ".wazuh-mcp-complete"

// keepOthers is how many other unpacked builds survive a new one: an AI client may still be running the
// previous version while the new one is tried, and a folder in use must not lose files it loads lazily.
const keepOthers = 2

// ensureUnpacked answers this build's folder, unpacking the payload first if no start has done it yet.
func ensureUnpacked(id string) (string, error) {
	roots, err := runtimeRoots()
	if err != nil {
		return "", err
	}
	var problems []string
	for _, root := range roots {
		dir := filepath.Join(root, id)
		if complete(dir) {
			if err := checkPrivate(root); err != nil {
				problems = append(problems, err.Error())
				continue
			}
			return dir, nil
		}
		if err := unpackInto(root, id); err != nil {
			problems = append(problems, err.Error())
			continue
		}
		return dir, nil
	}
	return "", fmt.Errorf("cannot unpack this build (%d MB, once per version): %s; set %s to a folder you can write",
		len(payload)>>20, strings.Join(problems, "; "), runtimeEnv)
}

// runtimeRoots lists where builds may live, in order: the override alone if set, else the user's cache
// folder (~/.cache, ~/Library/Caches, %LocalAppData%) and, for accounts without one, a private folder
// in the system temp dir.
func runtimeRoots() ([]string, error) {
	if d := os.Getenv(runtimeEnv); d != "" {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, fmt.Errorf("%s=%q is not a usable path: %v", runtimeEnv, d, err)
		}
		return []string{abs}, nil
	}
	var roots []string
	if cache, err := os.UserCacheDir(); err == nil {
		roots = append(roots, filepath.Join(cache, "wazuh-mcp", "runtime"))
	}
	fallback := "wazuh-mcp-runtime"
	if uid := os.Getuid(); uid >= 0 { // -1 on Windows, whose %TEMP% is per user already
		fallback += fmt.Sprintf("-%d", uid)
	}
	return append(roots, filepath.Join(os.TempDir(), fallback)), nil
}

func complete(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, marker))
	return err == nil
}

func unpackInto(root, id string) error {
	if err := os.MkdirAll(root, 0o700); err != nil {
		return fmt.Errorf("%s: %v", root, err)
	}
	if err := checkPrivate(root); err != nil {
		return err
	}
	// Unpacked beside its final name and renamed when whole, so a start that is killed half-way, or two
	// first starts at once, never leave or use a half-written folder.
	tmp, err := os.MkdirTemp(root, ".partial-"+id+"-")
	if err != nil {
		return fmt.Errorf("%s: %v", root, err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	// A person waits about a second; without a terminal (an AI client, a double-click) a hint stays one line.
	if isTerminal(os.Stderr) {
		fmt.Fprintf(os.Stderr, "wazuh-mcp: first start of this version: unpacking it into %s (once)\n", root)
	}
	if err := extractAll(payload, tmp); err != nil {
		return fmt.Errorf("unpacking into %s: %v", tmp, err)
	}
	if err := os.WriteFile(filepath.Join(tmp, marker), []byte(id+"\n"), 0o600); err != nil {
		return fmt.Errorf("%s: %v", tmp, err)
	}
	final := filepath.Join(root, id)
	if err := os.Rename(tmp, final); err != nil {
		if complete(final) { // another first start finished first: use its copy
			return nil
		}
		// A folder of that name without the marker was left by hand or by an older launcher: replace it.
		stale := filepath.Join(root, ".stale-"+filepath.Base(tmp))
		if os.Rename(final, stale) != nil || os.Rename(tmp, final) != nil {
			return fmt.Errorf("%s: %v", final, err)
		}
		os.RemoveAll(stale)
	}
	prune(root, id)
	return nil
}

// extractAll writes every entry of the zip under dest, on as many threads as there are CPUs.
func extractAll(data []byte, dest string) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	jobs := make(chan *zip.File)
	errs := make(chan error, len(zr.File))
	var wg sync.WaitGroup
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range jobs {
				if err := extractOne(f, dest); err != nil {
					errs <- err
				}
			}
		}()
	}
	for _, f := range zr.File {
		jobs <- f
	}
	close(jobs)
	wg.Wait()
	close(errs)
	return <-errs // nil when the channel is empty
}

func extractOne(f *zip.File, dest string) error {
	if !isLocal(f.Name) {
		return fmt.Errorf("refusing entry %q: it would land outside the folder", f.Name)
	}
	path := filepath.Join(dest, filepath.FromSlash(f.Name))
	mode := f.Mode()
	if mode.IsDir() {
		return os.MkdirAll(path, 0o755)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	src, err := f.Open()
	if err != nil {
		return fmt.Errorf("%s: %v", f.Name, err)
	}
	defer src.Close()
	if mode&os.ModeSymlink != 0 {
		target, err := io.ReadAll(io.LimitReader(src, 4096))
		if err != nil {
			return fmt.Errorf("%s: %v", f.Name, err)
		}
		// Only links that stay inside the folder (PyInstaller's macOS frameworks use relative ones).
		rel := filepath.Join(filepath.Dir(filepath.FromSlash(f.Name)), string(target))
		if filepath.IsAbs(string(target)) || !isLocal(rel) {
			return fmt.Errorf("refusing link %q -> %q: it points outside the folder", f.Name, target)
		}
		return os.Symlink(string(target), path)
	}
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode.Perm()|0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, src); err != nil {
		out.Close()
		return fmt.Errorf("%s: %v", f.Name, err)
	}
	return out.Close()
}

// prune removes unpacked builds beyond the newest keepOthers besides this one, and partial folders left by
// starts that were killed. Best effort: a folder still in use (Windows) just stays until a later start.
func prune(root, id string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	type build struct {
		path string
		unix int64
	}
	var others []build
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		switch {
		case !e.IsDir() || e.Name() == id:
		case strings.HasPrefix(e.Name(), ".partial-") || strings.HasPrefix(e.Name(), ".stale-"):
			if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > time.Hour {
				os.RemoveAll(path)
			}
		default:
			if info, err := os.Stat(filepath.Join(path, marker)); err == nil {
				others = append(others, build{path, info.ModTime().UnixNano()})
			}
		}
	}
	sort.Slice(others, func(i, j int) bool { return others[i].unix > others[j].unix })
	for i, b := range others {
		if i >= keepOthers {
			os.RemoveAll(b.path)
		}
	}
}

// isLocal: a relative path that stays inside its folder once cleaned (filepath.IsLocal, which needs Go 1.20,
// where Debian 12 ships 1.19).
func isLocal(name string) bool {
	if name == "" || filepath.IsAbs(name) || filepath.VolumeName(name) != "" || strings.HasPrefix(name, "/") {
		return false
	}
	clean := filepath.Clean(filepath.FromSlash(name))
	return clean != ".." && !strings.HasPrefix(clean, ".."+string(filepath.Separator))
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
