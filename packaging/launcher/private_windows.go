//go:build windows

package main

// checkPrivate: on Windows the roots are the user's own profile folders (%LocalAppData%, %TEMP%), which
// their ACLs already keep private.
func checkPrivate(root string) error { return nil }
