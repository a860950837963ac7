//go:build windows

package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"unsafe"
)

func programPath(dir string) string { return filepath.Join(dir, "wazuh-mcp.exe") }

// handOver runs the unpacked program as a child with this process's console and stdio (Windows has no exec)
// and exits with its status. Ctrl+C and Ctrl+Break reach every process on the console, so this one ignores
// them and lets the child decide.
func handOver(program string, args []string, env []string) (int, error) {
	signal.Notify(make(chan os.Signal, 1), os.Interrupt)
	cmd := exec.Command(program, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.Env = os.Stdin, os.Stdout, os.Stderr, env
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	killWithThisProcess(cmd.Process.Pid)
	err := cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	return 0, err
}

// killWithThisProcess puts the child (and what it starts, such as the demo engine) in a job object that
// ends when this process's handle to it closes: an AI client that force-kills the process it started
// then leaves nothing running. Best effort: where jobs are not allowed, the child still exits when the
// client closes its stdin.
func killWithThisProcess(pid int) {
	const (
		jobObjectExtendedLimitInformation = 9
		jobObjectLimitKillOnJobClose      = 0x2000
		processSetQuotaAndTerminate       = 0x0100 | 0x0001
	)
	// JOBOBJECT_EXTENDED_LIMIT_INFORMATION (winnt.h), laid out for Go's field alignment as for C's.
	type basicLimits struct {
		perProcessUserTimeLimit int64
		perJobUserTimeLimit     int64
		limitFlags              uint32
		minimumWorkingSetSize   uintptr
		maximumWorkingSetSize   uintptr
		activeProcessLimit      uint32
		affinity                uintptr
		priorityClass           uint32
		schedulingClass         uint32
	}
	type ioCounters struct{ counts [6]uint64 }
	type extendedLimits struct {
		basic                 basicLimits
		io                    ioCounters
		processMemoryLimit    uintptr
		jobMemoryLimit        uintptr
		peakProcessMemoryUsed uintptr
		peakJobMemoryUsed     uintptr
	}
	kernel32 := syscall.NewLazyDLL("kernel32.dll")
	job, _, _ := kernel32.NewProc("CreateJobObjectW").Call(0, 0)
	if job == 0 {
		return
	}
	limits := extendedLimits{basic: basicLimits{limitFlags: jobObjectLimitKillOnJobClose}}
	ok, _, _ := kernel32.NewProc("SetInformationJobObject").Call(
		job, jobObjectExtendedLimitInformation, uintptr(unsafe.Pointer(&limits)), unsafe.Sizeof(limits))
	if ok == 0 {
		return
	}
	child, err := syscall.OpenProcess(processSetQuotaAndTerminate, false, uint32(pid))
	if err != nil {
		return
	}
	defer syscall.CloseHandle(child)
	kernel32.NewProc("AssignProcessToJobObject").Call(job, uintptr(child))
	// The job handle stays open for this process's life; Windows closes it when the process ends.
}
