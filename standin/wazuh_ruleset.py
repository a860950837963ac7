"""Wazuh 4.14's default ruleset as facts: file, rule id, level, groups. GENERATED, do not edit.

Written by scripts/gen_standin_ruleset.py from 168 files of Wazuh's ``ruleset/rules`` (4512 rules).
Only ids, levels and group names (compliance tags included) are here, the facts a real manager
lists through ``GET /rules``; no description, pattern or other text of Wazuh's rules (GPL-2.0),
see NOTICE. ``standin.rules`` writes the stand-in's own XML around them. Two text tables (one
constant each: quick to import): ``GROUP_SETS``, one line per distinct list of a rule's groups
(comma-separated, in file order); ``FILES``, one line per file in load order:
``<file name> <id>:<level>:<line of GROUP_SETS> ...``.
"""

RULES = 4512

GROUP_SETS = """\
syslog
firewall
ids
web-log
squid
windows
ossec
ossec,pci_dss_10.6.1,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
ossec,pci_dss_10.6.1,pci_dss_10.2.6,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_AU.14,nist_800_53_AU.5,tsc_CC7.2,tsc_CC7.3,tsc_CC6.8
ossec,pci_dss_10.6.1,rootcheck
ossec,rootcheck,pci_dss_10.6.1,gdpr_IV_35.7.d
ossec,rootcheck
ossec,pci_dss_10.6.1,hipaa_164.312.b,rootcheck
ossec,rootcheck,pci_dss_10.6.1,gpg13_4.2,gdpr_IV_35.7.d
ossec,rootcheck,syscheck,pci_dss_10.6.1,gdpr_IV_35.7.d,gdpr_IV_30.1.g,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
ossec,rootcheck,gdpr_IV_30.1.g
ossec,syscheck,gdpr_II_5.1.f,gdpr_IV_35.7.d
ossec,rootcheck,pci_dss_10.6.1,gdpr_IV_35.7.d,gdpr_IV_30.1.g
ossec,process_monitor
ossec,low_diskspace,pci_dss_10.6.1,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
ossec,pci_dss_10.2.7,pci_dss_10.6.1,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,pci_dss_10.6.1,hipaa_164.312.b
ossec,syscheck,syscheck_entry_modified,syscheck_file,pci_dss_11.5,gpg13_4.11,gdpr_II_5.1.f,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_SI.7,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,syscheck,syscheck_entry_deleted,syscheck_file,pci_dss_11.5,gpg13_4.11,gdpr_II_5.1.f,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_SI.7,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,syscheck,syscheck_entry_added,syscheck_file,pci_dss_11.5,gpg13_4.11,gdpr_II_5.1.f,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_SI.7,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,syscheck,agentless,pci_dss_11.5,pci_dss_10.6.1,gpg13_4.11,gdpr_II_5.1.f,gdpr_IV_35.7.d,hipaa_164.312.c.1,hipaa_164.312.c.2,hipaa_164.312.b,nist_800_53_SI.7,nist_800_53_AU.6,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,hostinfo,pci_dss_10.2.7,gpg13_4.13,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,hostinfo,pci_dss_10.2.7,gpg13_4.13,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,pci_dss_10.5.2,pci_dss_10.5.5,gpg13_10.1,gdpr_II_5.1.f,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.9,tsc_CC6.1,tsc_CC7.2,tsc_CC7.3,tsc_PI1.4,tsc_PI1.5,tsc_CC7.1,tsc_CC8.1
ossec,attacks,pci_dss_10.5.2,pci_dss_11.4,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.9,nist_800_53_SI.4,tsc_CC6.1,tsc_CC7.2,tsc_CC7.3,tsc_CC6.8
ossec,logs_cleared,pci_dss_10.5.2,gpg13_10.1,gdpr_II_5.1.f,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.9,tsc_CC6.1,tsc_CC7.2,tsc_CC7.3
ossec,syscheck,syscheck_entry_modified,syscheck_registry,pci_dss_11.5,gpg13_4.13,gdpr_II_5.1.f,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_SI.7,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,syscheck,syscheck_entry_deleted,syscheck_registry,pci_dss_11.5,gpg13_4.13,gdpr_II_5.1.f,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_SI.7,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,syscheck,syscheck_entry_added,syscheck_registry,pci_dss_11.5,gpg13_4.13,gdpr_II_5.1.f,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_SI.7,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ossec,active_response
ossec,active_response,pci_dss_11.4,gpg13_4.13,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC7.4
ossec,active_response,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC7.4
wazuh
wazuh,agent_flooding
wazuh,agent_flooding,pci_dss_10.6.1,gdpr_IV_35.7.d
wazuh,upgrade
wazuh,upgrade,upgrade_failure
wazuh,upgrade,upgrade_success
wazuh,agent_restarting,configuration_failure
wazuh,syscheck,fim_db_state
wazuh,syscheck,fim_db_state,gdpr_IV_35.7.d
wazuh_api
wazuh_api,gpg13_4.12
wazuh_api,gpg13_4.3,gpg13_4.12
wazuh_api,gpg13_4.1,gpg13_4.3,gpg13_4.12,pci_dss_10.6.1
wazuh_api,gpg13_4.3
wazuh_api,hipaa_164.312.a.2.I,hipaa_164.312.c.1,pci_dss_8.1.2
wazuh_api,hipaa_164.312.c.1
wazuh_api,gpg13_4.3,tsc_cc6.8,hipaa_164.312.e.1
wazuh_api,gpg13_4.3,hipaa_164.312.e.1,nist_800_53_AC.7,pci_dss_7.1,pci_dss_10.2.4,tsc_cc6.8
wazuh_api,gpg13_4.3,tsc_cc6.8,hipaa_164.312.e.1,nist_800_53_AC.7,pci_dss_7.1,pci_dss_8.1.6,pci_dss_10.2.4
wazuh_api,gpg13_3.3,gpg13_7.1,hipaa_164.312.a.1,nist_800_53_AC.7,nist_800_53_SC.5,pci_dss_1.3.2,pci_dss_6.5.10,pci_dss_7.1,pci_dss_8.1,tsc_cc6.1
wazuh_api,gpg13_3.3,gpg13_4.12,gpg13_7.1,hipaa_164.312.a.1,nist_800_53_AC.7,nist_800_53_SC.5,pci_dss_1.3.2,pci_dss_6.5.10,pci_dss_7.1,pci_dss_8.1,tsc_cc6.1
wazuh_api,gpg13_3.3,gpg13_7.1,gpg13_4.12,gpg13_4.3,hipaa_164.312.a.1,nist_800_53_AC.7,nist_800_53_SC.5,pci_dss_1.3.2,pci_dss_6.5.10,pci_dss_7.1,pci_dss_8.1,tsc_cc6.1
wazuh_api,gpg13_3.3,gpg13_7.1,gpg13_4.12,gpg13_4.3,hipaa_164.312.a.1,nist_800_53_AC.7,nist_800_53_SC.5,pci_dss_10.6.1,gpg13_4.1,pci_dss_1.3.2,pci_dss_6.5.10,pci_dss_7.1,pci_dss_8.1,tsc_cc6.1
wazuh_api,hipaa_164.312.d,pci_dss_8.2
wazuh_api,gpg13_3.3,hipaa_164.312.e.1,nist_800_53_AC.7,pci_dss_8.2
syslog,errors,pci_dss_10.2.4,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,errors,gpg13_4.3
syslog,errors,pci_dss_10.6.1,gpg13_10.1,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,errors,low_diskspace,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,errors,service_availability,pci_dss_10.6.1,gpg13_4.3,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,errors
syslog,errors,service_availability,gdpr_IV_35.7.d
syslog,nfs
syslog,nfs,pci_dss_10.6.3
syslog,nfs,pci_dss_10.6.1,hipaa_164.312.b
syslog,xinetd,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,access_control,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,access_control,access_denied,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,access_control,invalid_login,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.2.2,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.6,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,access_control,pci_dss_10.2.2,gpg13_7.8,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,access_control,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,access_control
syslog,access_control,pci_dss_10.2.5,gdpr_IV_32.2
syslog,access_control,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,access_control,connection_attempt,pci_dss_10.6.1,gpg13_7.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,mail
syslog,smartd
syslog,smartd,pci_dss_10.6.1,hipaa_164.312.b
syslog,linuxkernel
syslog,linuxkernel,pci_dss_10.6.1,hipaa_164.312.b
syslog,linuxkernel,gdpr_IV_35.7.d
syslog,linuxkernel,promisc,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.13,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,linuxkernel,service_availability,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,linuxkernel,system_shutdown,pci_dss_10.6.1,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,cron
syslog,cron,pci_dss_10.2.7,pci_dss_10.6.1,gpg13_4.13,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cron,pci_dss_10.2.7,pci_dss_10.6.1,pci_dss_10.2.2,gpg13_4.13,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,nist_800_53_AC.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,su
syslog,su,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,su,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC7.4
syslog,su,authentication_success,pci_dss_10.2.5,gpg13_7.6,gpg13_7.8,gpg13_7.9,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,su,authentication_success,pci_dss_10.2.5,gpg13_7.6,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,su,pci_dss_10.6.1,hipaa_164.312.b
syslog,tripwire,pci_dss_10.5.5,pci_dss_10.6.1,gdpr_II_5.1.f,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.9,nist_800_53_AU.6,tsc_PI1.4,tsc_PI1.5,tsc_CC7.1,tsc_CC7.2,tsc_CC7.3,tsc_CC8.1
syslog,adduser,pci_dss_10.2.7,pci_dss_10.2.5,pci_dss_8.1.2,gpg13_4.13,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,nist_800_53_IA.4,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,adduser
syslog,sudo
syslog,sudo,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sudo,pci_dss_10.2.5,pci_dss_10.2.2,gpg13_7.6,gpg13_7.8,gpg13_7.13,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sudo,pci_dss_10.2.5,pci_dss_10.2.2,gpg13_7.6,gpg13_7.8,gpg13_7.13,gdpr_IV_32.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sudo,pci_dss_10.2.2,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.6,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pptp
syslog,fts,authentication_success
syslog,squid
syslog,squid,pci_dss_10.6.1,hipaa_164.312.b
syslog,dpkg
syslog,dpkg,pci_dss_10.6.1,gpg13_4.10,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3,tsc_CC8.1
syslog,dpkg,config_changed,pci_dss_10.6.1,pci_dss_10.2.7,gpg13_4.10,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_AU.14,tsc_CC7.2,tsc_CC7.3,tsc_CC6.8,tsc_CC8.1
syslog,yum
syslog,yum,pci_dss_10.6.1,hipaa_164.312.b
syslog,yum,config_changed,pci_dss_10.6.1,pci_dss_10.2.7,gpg13_4.10,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_AU.14,tsc_CC7.2,tsc_CC7.3,tsc_CC6.8,tsc_CC8.1
syslog,yum,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,yum,pci_dss_10.2.5,gpg13_7.9,gpg13_4.13,gdpr_IV_32.2
syslog,perdition
syslog,perdition,connection_attempt,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
syslog,perdition,recon,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sendmail
syslog,sendmail,spam,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sendmail,system_error,gdpr_IV_35.7.d
syslog,sendmail,multiple_spam,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sendmail,smf-sav
syslog,sendmail,smf-sav,spam,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,postfix
syslog,postfix,spam,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,postfix,service_availability,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,postfix,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,postfix,multiple_spam,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,postfix,multiple_spam,pci_dss_10.6.1,pci_dss_11.4,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,postfix,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,spamd
syslog,imapd
syslog,imapd,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,imapd,authentication_success,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,imapd,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,imapd,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,mailscanner
syslog,mailscanner,spam
syslog,mailscanner,multiple_spam,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
ms,exchange
ms,exchange,spam
ms,exchange,multiple_spam,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,courier
syslog,courier,connection_attempt,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,courier,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,courier,pci_dss_8.1.5,gpg13_7.1,hipaa_164.312.a.1,nist_800_53_AC.2,tsc_CC6.1
syslog,courier,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,courier,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,courier,recon,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,pix
syslog,pix,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,pci_dss_10.2.7,pci_dss_10.6.1,gpg13_7.9,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,authentication_success,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,pix,access_denied,pci_dss_10.2.4,pci_dss_11.4,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,pci_dss_11.4,gdpr_IV_35.7.d
syslog,pix,ids,pci_dss_11.4,gpg13_4.12,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,service_availability,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,pix,config_changed,pci_dss_1.1.1,pci_dss_10.4,gpg13_4.13,gdpr_IV_35.7.d,hipaa_164.312.a.1,hipaa_164.312.b,nist_800_53_CM.3,nist_800_53_CM.5,nist_800_53_AU.8,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,adduser,account_changed,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_4.13,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pix,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,pix,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,pix,system_error,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,pix,authentication_failures,pci_dss_11.4,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_SI.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscreenfw
netscreenfw,service_availability,pci_dss_1.4,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.a.1,hipaa_164.312.b,nist_800_53_SC.7,nist_800_53_AU.6,tsc_CC6.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscreenfw,authentication_success,pci_dss_10.2.5,pci_dss_10.2.2,gpg13_7.8,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscreenfw,config_changed,pci_dss_1.1.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_CM.3,nist_800_53_CM.5,tsc_CC8.1
netscreenfw,pci_dss_1.4,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.a.1,hipaa_164.312.b,nist_800_53_SC.7,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC6.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
netscreenfw,pci_dss_1.4,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.a.1,hipaa_164.312.b,nist_800_53_SC.7,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC6.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
syslog,cisco_ios
syslog,cisco_ios,gpg13_4.1,gdpr_IV_35.7.d
syslog,cisco_ios,gpg13_4.1
syslog,cisco_ios,gpg13_4.3
syslog,cisco_ios,gpg13_4.12
syslog,cisco_ios,config_changed,pci_dss_10.2.7,gpg13_4.13,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14
syslog,cisco_ios,authentication_success,pci_dss_10.2.5,gpg13_5.5,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7
syslog,cisco_ios,authentication_failed,pci_dss_10.2.5,pci_dss_10.2.4,gpg13_5.3,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7
syslog,sonicwall
syslog,sonicwall,gpg13_3.2,gdpr_IV_35.7.d
syslog,sonicwall,gpg13_3.5
syslog,sonicwall,authentication_success,pci_dss_10.2.5,gpg13_3.6,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sonicwall,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_3.6,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sonicwall,service_availability,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,sonicwall,service_availability,pci_dss_10.6.1,gpg13_3.5,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
pam,syslog
pam,syslog,authentication_success,pci_dss_10.2.5,gpg13_7.8,gpg13_7.9,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
pam,syslog,pci_dss_10.2.5,gpg13_7.8,gpg13_7.9,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
pam,syslog,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
pam,syslog,invalid_login,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
pam,syslog,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
pam,syslog,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
pam,syslog,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_4.13,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
pam,syslog,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_4.3,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,telnetd
syslog,telnetd,gdpr_IV_35.7.d
syslog,telnetd,pci_dss_10.2.5,gdpr_IV_32.2
syslog,telnetd,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2
syslog,telnetd,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2
syslog,telnetd,gdpr_IV_35.7.d,gdpr_IV_32.2
syslog,sshd
syslog,sshd,gdpr_IV_35.7.d,gpg13_4.12,nist_800_53_SI.4,pci_dss_11.4,recon,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_35.7.d,gpg13_4.12,nist_800_53_SI.4,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,exploit_attempt,gdpr_IV_35.7.d,gpg13_4.12,nist_800_53_SI.4,nist_800_53_SI.2,pci_dss_11.4,pci_dss_6.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,authentication_failed,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,invalid_login,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AU.6,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.6.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,authentication_failures,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_SI.4,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_11.4,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,authentication_success,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,authentication_failed,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,invalid_login,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,invalid_login,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,authentication_failures,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_35.7.d,gpg13_4.3,hipaa_164.312.a.2.IV,hipaa_164.312.e.1,hipaa_164.312.e.2.I,hipaa_164.312.e.2.II,hipaa_164.312.b,nist_800_53_SC.8,nist_800_53_AU.6,pci_dss_4.1,pci_dss_10.6.1,tsc_CC6.7,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_35.7.d,gpg13_4.3,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_CM.1,pci_dss_10.6.1,pci_dss_2.2.3,tsc_CC7.2,tsc_CC7.3
syslog,sshd,authentication_failed,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_35.7.d,gpg13_4.3,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,pci_dss_11.4,recon,tsc_CC7.2,tsc_CC7.3
syslog,sshd,authentication_failures,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.2,pci_dss_8.1.5,tsc_CC6.1
syslog,sshd,authentication_failed,gpg13_7.1
syslog,solaris_bsm
syslog,solaris_bsm,authentication_success,pci_dss_10.2.5,gpg13_7.8,gpg13_7.9,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,solaris_bsm,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,asterisk
syslog,asterisk,gpg13_4.12
syslog,asterisk,gpg13_4.3
syslog,asterisk,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,asterisk,invalid_login,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,asterisk,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,asterisk,invalid_login,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,asterisk,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,dhcp
windows,dhcp,service_start,pci_dss_10.2.6,gpg13_4.14,gpg13_10.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,dhcp,service_availability,pci_dss_10.2.6,gpg13_4.14,gpg13_10.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,dhcp,system_error,pci_dss_10.2.6,gpg13_4.14,gpg13_10.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,dhcp,dhcp_lease_action
windows,dhcp,dhcp_lease_action,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,dhcp,service_availability,dhcp_lease_action,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,dhcp,dhcp_lease_action,dhcp_dns_maintenance
windows,dhcp,dhcp_maintenance
windows,dhcp,dhcp_dns_maintenance
windows,dhcp,dhcp_dns_maintenance,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,dhcp,dhcp_dns_maintenance,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,dhcp,dhcp_lease_action,gdpr_IV_35.7.d
windows,dhcp,dhcp_rogue_server
windows,dhcp,dhcp_ipv6
windows,dhcp,dhcp_ipv6,gdpr_IV_35.7.d
windows,dhcp,service_start
windows,dhcp,service_availability,gdpr_IV_35.7.d
windows,dhcp,service_availability,pci_dss_10.1,pci_dss_10.2.6,gpg13_10.1,gdpr_IV_30.1.g,hipaa_164.312.b,nist_800_53_AU.12,nist_800_53_AU.14,nist_800_53_AU.5,tsc_CC6.1,tsc_CC6.2,tsc_CC6.3,tsc_CC7.2,tsc_CC7.3,tsc_CC6.8
windows,dhcp,system_error,gdpr_IV_35.7.d
windows,dhcp,dhcp_ipv6,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,arpwatch
syslog,arpwatch,new_host,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,arpwatch,ip_spoof,pci_dss_1.3.4,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_CA.3,nist_800_53_SI.4,tsc_CC6.6,tsc_CC6.7,tsc_CC6.8,tsc_CC7.1,tsc_CC6.1,tsc_CC7.2,tsc_CC7.3
syslog,arpwatch,service_availability,pci_dss_10.6.1,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,arpwatch,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
symantec
symantec,virus,pci_dss_5.1,pci_dss_5.2,pci_dss_11.4,gpg13_4.2,gdpr_IV_35.7.d,nist_800_53_SI.3,nist_800_53_SI.4,tsc_A1.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
symantec,pci_dss_5.1,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.6,tsc_A1.2,tsc_CC7.2,tsc_CC7.3
symantec,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
symantec,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
trend_micro,ocse
trend_micro,ocse,virus,pci_dss_5.1,pci_dss_5.2,pci_dss_11.4,gpg13_4.2,gdpr_IV_35.7.d,nist_800_53_SI.3,nist_800_53_SI.4,tsc_A1.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
trend_micro,ocse,pci_dss_5.1,gdpr_IV_35.7.d,nist_800_53_SI.3,tsc_A1.2
trend_micro,ocse,pci_dss_5.1,pci_dss_5.2,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,nist_800_53_SI.3,nist_800_53_SI.4,tsc_A1.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,hordeimp
syslog,hordeimp,gdpr_IV_35.7.d
syslog,hordeimp,service_availability,gdpr_IV_35.7.d
syslog,hordeimp,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,hordeimp,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,hordeimp,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,hordeimp,service_availability,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,roundcube
syslog,roundcube,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,roundcube,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,roundcube,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,wordpress
syslog,wordpress,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,wordpress,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,wordpress,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,wordpress,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cimserver
syslog,cimserver,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cimserver,service_availability,pci_dss_10.6.1,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
dovecot
dovecot,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
dovecot,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
dovecot,pci_dss_10.6.1,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
dovecot,invalid_login,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
dovecot,pci_dss_10.2.5,pci_dss_8.1.5,pci_dss_8.1.8,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,hipaa_164.312.a.2.III,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,nist_800_53_AC.12,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
dovecot,invalid_login,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
dovecot,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vm-pop3d
syslog,vm-pop3d,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vm-pop3d,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vpopmail
syslog,vpopmail,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vpopmail,invalid_login,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vpopmail,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vpopmail,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,ftpd
syslog,ftpd,authentication_failed,access_denied,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,ftpd,connection_attempt,pci_dss_10.2.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,ftpd,access_denied,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,ftpd,client_misconfig
syslog,ftpd,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,ftpd,pci_dss_8.1.5,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.2,tsc_CC6.1
syslog,ftpd,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_8.1.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.2,tsc_CC6.3,tsc_CC6.4
syslog,ftpd,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd
syslog,proftpd,connection_attempt,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,invalid_login,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,authentication_failed,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,authentication_success,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,access_denied,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,pci_dss_10.6.1,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,authentication_failures,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,connection_attempt,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.2,pci_dss_8.1.5,tsc_CC6.1
syslog,proftpd,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,service_availability,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.2,nist_800_53_SI.4,pci_dss_11.4,pci_dss_6.2,pci_dss_6.5.2,tsc_CC6.1,tsc_CC6.6,tsc_CC6.8,tsc_CC7.1,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,authentication_failures,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,gdpr_IV_35.7.d,nist_800_53_SI.4,pci_dss_11.4,recon,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proftpd,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
syslog,pure-ftpd
syslog,pure-ftpd,connection_attempt,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,pure-ftpd,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pure-ftpd,pci_dss_8.1.5,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.2,tsc_CC6.1
syslog,pure-ftpd,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pure-ftpd,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pure-ftpd,recon,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,pure-ftpd,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vsftpd
syslog,vsftpd,connection_attempt
syslog,vsftpd,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vsftpd,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vsftpd,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,vsftpd,recon,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,msftp
syslog,msftp,connection_attempt
syslog,msftp,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,msftp,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,msftp,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,msftp,recon,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,msftp,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,named
syslog,named,invalid_access,pci_dss_10.2.4,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,named,access_denied,pci_dss_10.2.4,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,named,client_misconfig,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,named,system_error,pci_dss_10.1,hipaa_164.312.b,nist_800_53_AU.12,tsc_CC6.1,tsc_CC6.2,tsc_CC6.3,tsc_CC7.2,tsc_CC7.3
syslog,named,system_error,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,named,pci_dss_10.2.4,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AU.6,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,named,system_error,pci_dss_10.2.4,pci_dss_10.6.1,gpg13_4.3,connection_attempt,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AU.6,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,named,service_availability,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,named,system_error,gpg13_4.3
syslog,named,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,named,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,named,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,named,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,named,pci_dss_10.6.1,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,named,connection_attempt
syslog,smbd
syslog,smbd,access_denied,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,smbd,access_denied,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,smbd,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
syslog,smbd,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,smbd,pci_dss_6.5.2,pci_dss_11.4,pci_dss_6.2,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,nist_800_53_SI.2,tsc_CC6.6,tsc_CC7.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,racoon
syslog,racoon,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,racoon,authentication_success,pci_dss_10.2.5,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,racoon,pci_dss_11.4,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_SI.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco_vpn
syslog,cisco_vpn,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco_vpn,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco_vpn,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
policy_violation,login_time,pci_dss_10.2.5,pci_dss_10.6.1,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
policy_violation,login_day,pci_dss_10.2.5,pci_dss_10.6.1,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,gpg13_4.12
windows,system_error,gpg13_4.3,gdpr_IV_35.7.d
windows,hipaa_164.312.b
windows,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_success,pci_dss_10.2.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_success,pci_dss_8.1.5,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.2,tsc_CC6.1
windows,adduser,account_changed,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,account_changed,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,policy_changed,pci_dss_10.6.1,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,group_changed,win_group_changed,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_failures,pci_dss_8.1.6,pci_dss_11.4,gpg13_7.5,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,system_shutdown
windows,logs_cleared,pci_dss_10.6.1,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_success,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
windows,low_diskspace,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,authentication_failed,login_denied,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
windows,authentication_failed,login_denied,pci_dss_10.2.5,pci_dss_8.1.4,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.2,tsc_CC6.3,tsc_CC6.4
windows,authentication_failed,login_denied,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
windows,authentication_failed,login_denied,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_failed,pci_dss_10.2.5,pci_dss_8.2.4,gpg13_7.5,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.d,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_IA.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_8.1.6,gpg13_7.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,time_changed,pci_dss_10.6.1,gpg13_1.3,gpg13_4.13,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,system_error,system_shutdown,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,account_changed,pci_dss_10.2.5,pci_dss_8.1.6,gpg13_7.10,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,policy_changed,pci_dss_10.6,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,pci_dss_10.6.2
windows,pci_dss_10.2.5,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,group_created,win_group_created,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,group_deleted,win_group_deleted,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_failed,attacks,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,pci_dss_8.1.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,nist_800_53_AC.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2
windows,pci_dss_10.2.5,gdpr_IV_32.2
mcafee
mcafee,pci_dss_10.6.1
mcafee,gpg13_4.12,pci_dss_10.6.1,hipaa_164.312.b
mcafee,gpg13_4.3,pci_dss_10.6.1,hipaa_164.312.b
mcafee,virus,pci_dss_5.1,pci_dss_5.2,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.6,nist_800_53_SI.4,tsc_A1.2,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
mcafee,pci_dss_5.1,pci_dss_10.2.6,pci_dss_10.6.1,gpg13_4.14,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.14,nist_800_53_AU.5,nist_800_53_AU.6,tsc_A1.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
mcafee,pci_dss_5.1,pci_dss_10.6.1,pci_dss_5.2,gpg13_4.4,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.6,tsc_A1.2,tsc_CC7.2,tsc_CC7.3
mcafee,pci_dss_5.1,pci_dss_10.6.1,pci_dss_5.2,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.6,tsc_A1.2,tsc_CC7.2,tsc_CC7.3
mcafee,pci_dss_5.1,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.6,tsc_A1.2,tsc_CC7.2,tsc_CC7.3
windows,mse
windows,mse,gpg13_4.12
windows,mse,system_error,gpg13_4.3,gdpr_IV_35.7.d
windows,mse,virus,pci_dss_5.1,pci_dss_5.2,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.6,nist_800_53_SI.4,tsc_A1.2,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
windows,mse,policy_changed,pci_dss_10.2.7,pci_dss_10.6.1,gpg13_4.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,mse,pci_dss_10.6.1,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,mse,pci_dss_10.6.1,gpg13_4.14,gpg13_4.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,mse,pci_dss_10.6.1,gpg13_4.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,mse,pci_dss_5.1,pci_dss_5.2,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d
windows,mse,gdpr_IV_35.7.d
vmware
vmware,gpg13_4.1,gdpr_IV_35.7.d
vmware,gpg13_4.3
vmware,gpg13_4.12
vmware,authentication_success,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
vmware,authentication_failed,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
vmware,gdpr_IV_35.7.d,gpg13_4.13,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,service_availability,tsc_CC7.2,tsc_CC7.3
vmware,gpg13_4.13
vmware,config_changed,gdpr_IV_35.7.d,gpg13_4.13,hipaa_164.312.b,nist_800_53_AU.14,pci_dss_10.2.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
vmware,gdpr_IV_35.7.d,gpg13_4.12,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,service_availability,tsc_CC7.2,tsc_CC7.3
vmware,gdpr_IV_35.7.d,gpg13_4.3,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,service_availability,tsc_CC7.2,tsc_CC7.3
vmware,authentication_failures,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
ids,fts
ids,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
ids,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d
web,accesslog
web,accesslog,attack,pci_dss_6.5,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,attack,sql_injection,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.1,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,attack,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.1,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,attack,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.7,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,invalid_access,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.8,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SA.11,nist_800_53_SI.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,system_error
web,accesslog,web_scan,recon,pci_dss_6.5,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,system_error,pci_dss_6.5,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SA.11,nist_800_53_AU.6,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC7.2,tsc_CC7.3
web,accesslog,web_scan,recon,pci_dss_6.5,pci_dss_11.4,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SA.11,nist_800_53_SI.4,nist_800_53_AU.6,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,attack,sqlinjection,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.1,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,attack,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,accesslog,attack,sqlinjection,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.1,gdpr_IV_35.7.d
apache,web
apache,web,gdpr_IV_35.7.d,gpg13_4.14,nist_800_53_SA.11,nist_800_53_SC.5,nist_800_53_SI.3,pci_dss_6.5.2,pci_dss_6.6,service_availability,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1
apache,web,access_denied,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SA.11,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_6.5.8,pci_dss_10.2.4,tsc_CC6.6,tsc_CC7.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,automatic_attack,gdpr_IV_35.7.d,nist_800_53_SI.2,nist_800_53_SA.11,nist_800_53_SI.4,pci_dss_6.2,pci_dss_6.5.2,pci_dss_11.4,tsc_CC6.8,tsc_CC6.6,tsc_CC7.1,tsc_CC6.1,tsc_CC7.2,tsc_CC7.3
apache,web,authentication_failed,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,invalid_login,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.1,pci_dss_10.2.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,unknown_resource
apache,web,invalid_request
apache,web,gdpr_IV_35.7.d,hipaa_164.312.b,invalid_request,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,gdpr_IV_35.7.d,hipaa_164.312.b,invalid_request,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,access_denied,gdpr_IV_35.7.d,hipaa_164.312.b,modsecurity,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,access_denied,gdpr_IV_35.7.d,hipaa_164.312.b,modsecurity,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,service_availability,tsc_CC7.2,tsc_CC7.3
apache,web,modsecurity
apache,web,service_availability,gpg13_4.14,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SC.5,nist_800_53_SI.3,pci_dss_6.5.2,pci_dss_6.6,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1
apache,web,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,invalid_login,nist_800_53_SI.4,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_11.4,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,authentication_failures,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,unknown_resource
apache,web,gdpr_IV_35.7.d,hipaa_164.312.b,modsecurity,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
apache,web,gpg13_10.1,modsecurity
zeus
zeus,gpg13_4.12
zeus,gpg13_4.3,gdpr_IV_35.7.d
zeus,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
zeus,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
zeus,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
nginx,web
nginx,web,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
nginx,web,pci_dss_10.6.1,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
nginx,web,authentication_failed,pci_dss_10.6.1,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
nginx,web,authentication_failures,pci_dss_10.6.1,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
nginx,web,invalid_request,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
nginx,web,modsecurity
nginx,web,modsecurity,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
nginx,web,modsecurity,gpg13_10.1
nginx,web,naxsi
nginx,web,naxsi,gpg13_10.1
apache
apache,gdpr_IV_35.7.d,gpg13_4.1,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SA.11,pci_dss_6.5,pci_dss_6.5.5,pci_dss_10.6.1,tsc_CC6.6,tsc_CC7.1,tsc_CC7.2,tsc_CC7.3,tsc_CC8.1
apache,gdpr_IV_35.7.d,gpg13_4.3,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SA.11,pci_dss_6.5,pci_dss_6.5.5,pci_dss_10.6.1,tsc_CC6.6,tsc_CC7.1,tsc_CC7.2,tsc_CC7.3,tsc_CC8.1
apache,attack,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,pci_dss_6.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.6,tsc_CC6.8,tsc_CC7.1,tsc_CC7.2,tsc_CC7.3,tsc_CC8.1
apache,attack,gdpr_IV_35.7.d,gpg13_4.3,nist_800_53_SA.11,pci_dss_6.5,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1
apache,attack,gdpr_IV_35.7.d,gpg13_4.3,hipaa_164.312.b,low_diskspace,nist_800_53_AU.14,nist_800_53_SA.11,tsc_CC6.6,tsc_CC6.8,tsc_CC7.1,tsc_CC7.2,tsc_CC7.3,tsc_CC8.1
web,appsec,attack,pci_dss_6.5,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,appsec,attack,pci_dss_6.5,pci_dss_11.4,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SA.11,nist_800_53_SI.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,appsec,attack,pci_dss_6.5,pci_dss_11.4,pci_dss_10.2.4,pci_dss_6.5.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SA.11,nist_800_53_SI.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,appsec,attack,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.1,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,appsec,attack,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.10,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_SA.11,nist_800_53_SI.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
web,appsec,attack
squid,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
squid,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
squid,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
squid,automatic_attack,pci_dss_11.4,pci_dss_6.2,gdpr_IV_35.7.d,nist_800_53_SI.4,nist_800_53_SI.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
squid,pci_dss_10.2.4,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
squid,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
squid,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
squid,pci_dss_11.4,pci_dss_6.2,gdpr_IV_35.7.d,nist_800_53_SI.4,nist_800_53_SI.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
squid,pci_dss_10.2.4,pci_dss_11.4,gpg13_4.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
squid,pci_dss_10.6.1,gdpr_IV_35.7.d
syslog,attacks,invalid_login,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,attacks,exploit_attempt,pci_dss_6.2,pci_dss_6.5.2,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.2,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.8,tsc_CC6.6,tsc_CC7.1,tsc_CC6.1,tsc_CC7.2,tsc_CC7.3
syslog,attacks,exploit_attempt,pci_dss_10.2.7,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
syslog,attacks,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,attacks,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,attacks,virus,pci_dss_5.1,pci_dss_5.2,pci_dss_11.4,gpg13_4.2,gdpr_IV_35.7.d,nist_800_53_SI.3,nist_800_53_SI.4,tsc_A1.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,elevation_of_privilege,pci_dss_10.2.7,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
syslog,recon,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,systemd
local,systemd,gpg13_4.3,gdpr_IV_35.7.d
local,firewalld,pci_dss_1.4,hipaa_164.312.a.1,nist_800_53_SC.7,tsc_CC6.7,tsc_CC6.8
local,firewalld
mysql_log
mysql_log,authentication_success,pci_dss_10.2.5,pci_dss_8.7,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.d,hipaa_164.312.e.1,hipaa_164.312.e.2.I,hipaa_164.312.e.2.II,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_PI1.4,tsc_PI1.5
mysql_log,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_8.7,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.d,hipaa_164.312.e.1,hipaa_164.312.e.2.I,hipaa_164.312.e.2.II,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SC.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_PI1.4,tsc_PI1.5
mysql_log,pci_dss_10.2.5,pci_dss_8.7,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.d,hipaa_164.312.e.1,hipaa_164.312.e.2.I,hipaa_164.312.e.2.II,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_PI1.4,tsc_PI1.5
mysql_log,service_availability,pci_dss_10.6.1,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
mysql_log,service_availability,gpg13_4.14
mysql_log,gpg13_4.3,gdpr_IV_35.7.d
mysql_log,service_availability,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
mysql_log,service_availability,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
mysql_log,service_availability,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6
mysql_log,service_availability,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6
postgresql_log
postgresql_log,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
postgresql_log,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
postgresql_log,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
postgresql_log,service_availability,pci_dss_10.6.1,gpg13_4.14,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
postgresql_log,service_availability,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,sshd,dropbear
syslog,sshd,dropbear,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,dropbear,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
syslog,sshd,dropbear,recon,pci_dss_10.6.1,pci_dss_11.4,pci_dss_8.1.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.6,nist_800_53_SI.4,nist_800_53_AC.2,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,sshd,dropbear,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,pci_dss_8.1.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,nist_800_53_AC.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,sshd,dropbear,recon,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,sshd,dropbear,authentication_success,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
local,syslog,openbsd
local,syslog,openbsd,pci_dss_10.2.7,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,pci_dss_10.2.7,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,pci_dss_10.2.7,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,pci_dss_10.2.7,pci_dss_6.2,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_SI.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,gpg13_4.3
local,syslog,openbsd,groupdel,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,groupdel,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,gpg13_4.3,gdpr_IV_35.7.d
local,syslog,openbsd,pci_dss_10.2.4,gpg13_4.6,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,account_changed,pci_dss_10.2.5,pci_dss_8.1.2,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,nist_800_53_IA.4,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
local,syslog,openbsd,doas
local,syslog,openbsd,doas,gdpr_IV_35.7.d,gdpr_IV_32.2
local,syslog,openbsd,doas,gdpr_IV_32.2
local,syslog,apparmor
local,syslog,apparmor,pci_dss_10.2.7,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
clamd,freshclam
clamd,freshclam,virus,pci_dss_5.1,pci_dss_5.2,pci_dss_11.4,gpg13_4.2,gdpr_IV_35.7.d,nist_800_53_SI.3,nist_800_53_SI.4,tsc_A1.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
clamd,freshclam,virus,gpg13_4.3,gdpr_IV_35.7.d
clamd,freshclam,virus,gpg13_4.12,gdpr_IV_35.7.d
clamd,freshclam,virus,gpg13_4.14
clamd,freshclam,virus,pci_dss_5.2,gpg13_4.4,gdpr_IV_35.7.d,nist_800_53_SI.3,tsc_A1.2
clamd,freshclam,pci_dss_5.2,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SI.3,nist_800_53_SI.4,tsc_A1.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
clamd,freshclam,virus,pci_dss_5.1,gpg13_4.14,nist_800_53_SI.3,tsc_A1.2
syslog,smtpd
syslog,smtpd,gdpr_IV_35.7.d
sysmon,sysmon_event1
sysmon,sysmon_event2
sysmon,sysmon_event3
sysmon,sysmon_event4
sysmon,sysmon_event5
sysmon,sysmon_event6
sysmon,sysmon_event7
sysmon,sysmon_event8
sysmon,sysmon_event9
sysmon,sysmon_event_10
sysmon,sysmon_event_11
sysmon,sysmon_event_12
sysmon,sysmon_event_13
sysmon,sysmon_event_14
sysmon,sysmon_event_15
sysmon,sysmon_process-anomalies,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
sysmon,sysmon_process-anomalies
syslog,unbound
puppet,master
puppet,agent
puppet,gpg13_4.14
puppet,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_4.14,gdpr_IV_35.7.d,gdpr_IV_32.2
puppet
puppet,gpg13_4.3,gdpr_IV_35.7.d
puppet,gpg13_4.3
puppet,gpg13_4.12
netscaler
netscaler,authentication_failed,netscaler-aaa,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gpg13_3.3,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,authentication_failures,netscaler-aaa,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gpg13_3.3,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-cmd
netscaler,netscaler-cmd,gpg13_3.5,gdpr_IV_35.7.d
netscaler,netscaler-cmd,pci_dss_10.2.2,pci_dss_10.6.1,gpg13_3.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.6,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-cmd,gdpr_IV_35.7.d
netscaler,netscaler-sslvpn,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gpg13_3.6,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-sslvpn,pci_dss_10.2.5,gpg13_7.1,gpg13_3.6,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-sslvpn
netscaler,netscaler-sslvpn,access_denied,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-sslvpn,access_denied,pci_dss_10.2.4,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-sslvpn,gdpr_IV_35.7.d
netscaler,netscaler-event
netscaler,netscaler-event,gdpr_IV_35.7.d
netscaler,netscaler-appfw,pci_dss_1.4,pci_dss_6.5,pci_dss_6.6,gpg13_3.5,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_SC.7,nist_800_53_SA.11,nist_800_53_SC.5,nist_800_53_SI.3,tsc_CC6.7,tsc_CC6.8,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1
netscaler,netscaler-appfw,pci_dss_1.4,pci_dss_6.5.2,gpg13_3.5,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_SC.7,nist_800_53_SA.11,tsc_CC6.7,tsc_CC6.8,tsc_CC6.6,tsc_CC7.1
netscaler,netscaler-appfw,pci_dss_1.4,pci_dss_11.4,gpg13_3.5,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_SC.7,nist_800_53_SI.4,tsc_CC6.7,tsc_CC6.8,tsc_CC6.1,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-snmp
netscaler,netscaler-snmp,gpg13_3.1
netscaler,netscaler-acl
netscaler,netscaler-transform,gdpr_IV_35.7.d
netscaler,netscaler-aaatm,authentication_success,pci_dss_10.2.5,gpg13_3.6,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-aaatm,pci_dss_10.2.5,gpg13_3.6,gpg13_7.1,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-aaatm,access_denied,pci_dss_10.2.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-aaatm,access_denied,pci_dss_10.2.4,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,netscaler-cmd,authentication_success,pci_dss_10.2.5,gpg13_3.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,authentication_failed,netscaler-cmd,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_3.3,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
netscaler,authentication_failures,netscaler-cmd,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_3.3,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
amazon,aws
amazon,aws,aws_cloudtrail,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
amazon,aws,amazon-error,aws_cloudtrail,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
amazon,aws,aws_cloudtrail,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_AU.6,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.6.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
amazon,aws,authentication_success,aws_cloudtrail,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
amazon,aws,authentication_failed,aws_cloudtrail,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
amazon,aws,authentication_failures,aws_cloudtrail,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
amazon,aws,aws_guardduty
amazon,aws,aws_alb
amazon,aws,aws_macie
amazon,aws,s3
amazon,aws,aws_vpcflow
amazon,aws,aws_waf
amazon,aws,aws_waf,aws_waf_allow
amazon,aws,aws_waf,aws_waf_block
amazon,aws,aws_config
amazon,aws,aws_config,aws_config_history
amazon,aws,aws_config,aws_config_snapshot
amazon,aws,aws_config,aws_config_snapshot,aws_config_snapshot_compliance
amazon,aws,aws_trusted_advisor
amazon,aws,aws_kms
amazon,aws,aws_inspector
serv-u
serv-u,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
serv-u,gpg13_7.1,gdpr_IV_32.2
serv-u,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
serv-u,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
serv-u,pci_dss_8.1.5,gpg13_7.1,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.2,tsc_CC6.1
serv-u,pci_dss_10.2.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
serv-u,pci_dss_11.5,gdpr_II_5.1.f
serv-u,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2
serv-u,authentication_failures,pci_dss_10.2.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,gpg13_7.1
serv-u,pci_dss_10.2.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit
audit,gdpr_IV_30.1.g,gpg13_4.14,gpg13_10.1
audit,audit_daemon,gdpr_IV_30.1.g,gdpr_IV_35.7.d,gpg13_4.14,gpg13_10.1,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,service_availability,tsc_CC7.2,tsc_CC7.3
audit,audit_configuration,gdpr_IV_30.1.g,gpg13_10.1
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_35.7.d,gpg13_4.14,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,pci_dss_10.6.1,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_35.7.d,gpg13_4.6,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,pci_dss_10.6.1,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,pci_dss_10.6.1,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_35.7.d,gpg13_7.9,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,pci_dss_10.6.1,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_35.7.d,gpg13_7.9,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,pci_dss_10.6.1,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.9,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_AU.6,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.6.1,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.5,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.5,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_AU.6,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.6.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_selinux,gdpr_IV_30.1.g,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
audit,audit_selinux,gdpr_IV_30.1.g,gdpr_IV_35.7.d,gpg13_4.14,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
audit,audit_selinux,gdpr_IV_30.1.g,gdpr_IV_35.7.d,gpg13_4.3,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_35.7.d,nist_800_53_SI.4,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit,audit_anom,gdpr_IV_30.1.g,gdpr_IV_35.7.d,gpg13_7.9,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
audit,audit_watch_write,gdpr_IV_30.1.g
audit,audit_watch_read,gdpr_IV_30.1.g
audit,audit_watch_attribute,gdpr_IV_30.1.g
audit,audit_watch_execute,gdpr_IV_30.1.g
audit,audit_watch_create,audit_watch_write,gdpr_II_5.1.f,gdpr_IV_30.1.g
audit,audit_watch_delete,audit_watch_write,gdpr_II_5.1.f,gdpr_IV_30.1.g
audit,audit_command,gdpr_IV_30.1.g
usb
usb,gpg13_4.8
redis
oscap
oscap,syslog
oscap,errors,gdpr_IV_35.7.d
oscap,oscap-result,pci_dss_2.2,nist_800_53_CM.1,tsc_CC6.8,tsc_CC7.1,tsc_CC7.2,tsc_CC8.1
oscap,oscap-report,pci_dss_2.2,nist_800_53_CM.1,tsc_CC6.8,tsc_CC7.1,tsc_CC7.2,tsc_CC8.1
fortinet
fortiddos
fortigate,syslog
fortigate,syslog,firewall_drop,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_SC.7,pci_dss_1.4
fortigate,syslog,gdpr_IV_35.7.d,hipaa_164.312.a.1,hipaa_164.312.b,multiple_drops,nist_800_53_AU.6,nist_800_53_SC.7,pci_dss_1.4,pci_dss_10.6.1
fortigate,syslog,authentication_failed,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,invalid_login,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5
fortigate,syslog,authentication_failures,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.6.1,pci_dss_10.2.4,pci_dss_10.2.5
fortigate,syslog,gdpr_IV_32.2,gdpr_IV_35.7.d
fortigate,syslog,gdpr_IV_35.7.d
fortigate,syslog,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1
fortigate,syslog,gdpr_IV_35.7.d,gpg13_4.13,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1
fortigate,syslog,authentication_failed,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,invalid_login,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
fortigate,syslog,authentication_failures,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_AU.6,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.6.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
fortigate,syslog,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5
fortigate,syslog,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5
fortigate,syslog,firewall_drop,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1
fortigate,syslog,gdpr_IV_35.7.d,hipaa_164.312.b,multiple_drops,nist_800_53_AU.6,pci_dss_10.6.1
fortigate,syslog,authentication_success,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5
fortigate,syslog,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1
fortigate,syslog,gdpr_IV_35.7.d,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1
fortigate,syslog,attack,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1
fortigate,syslog,gpg13_4.13,hipaa_164.312.a.1,nist_800_53_SC.7,pci_dss_1.4
fortigate,syslog,gdpr_IV_35.7.d,gpg13_4.13,hipaa_164.312.a.1,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SC.7,pci_dss_1.4,pci_dss_10.6.1
fortimail
fortiauth
fortiauth,gpg13_3.3,gpg13_7.1,hipaa_164.312.a.1,nist_800_53_AC.7,nist_800_53_SC.5,pci_dss_1.3.2,pci_dss_6.5.10,pci_dss_7.1,pci_dss_8.1,tsc_cc6.1
fortiauth,gpg13_3.3,hipaa_164.312.e.1,nist_800_53_AC.7,pci_dss_8.2
fortiauth,hipaa_164.312.d,pci_dss_8.2
hp,hp5500
hp,hp5500,hp-emergency,gdpr_IV_35.7.d
hp,hp5500,hp-alert
hp,hp5500,hp-critical
hp,hp5500,hp-error
hp,hp5500,hp-warning
hp,hp5500,hp-notification
hp,hp5500,hp-informational
hp,hp5500,hp-debug
hp,hp5500,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
hp,hp5500,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
openvpn
openvpn,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
openvpn,openvpn-error,gdpr_IV_35.7.d
openvpn,openvpn-error,gdpr_IV_35.7.d,gdpr_IV_32.2
openvpn,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7
rsa-auth-manager
rsa-auth-manager,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
rsa-auth-manager,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
rsa-auth-manager,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
imperva
sophos
sophos,gpg13_4.4
freeipa
freeipa,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-estreamer
cisco,cisco-estreamer,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-estreamer,gdpr_IV_35.7.d
cisco,cisco-estreamer,pci_dss_10.6.1,gdpr_IV_35.7.d
windows,windows_defender
windows,windows_defender,pci_dss_10.6.1,gdpr_IV_35.7.d
windows,windows_logs,gpg13_10.1,gdpr_II_5.1.f,gdpr_IV_30.1.g,log_clearing_auditlog
windows,windows_logs,gpg13_10.1,gdpr_II_5.1.f,log_clearing
windows,windows_logs,windows_log_service_started,gpg13_10.1
sqlserver
sqlserver,sqlserverlibraries
sqlserver,sqlserver_process_id
sqlserver,sqlserver_login,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
sqlserver,sqlserver_login,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
sqlserver,identityguard_login,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
sqlserver,sqlservererror,sqlserverlibraries,gdpr_IV_35.7.d
sqlserver,sqlservererror,gdpr_IV_35.7.d
sqlserver,sqlservererror
identityguard
identityguard,identityguard_login,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
identityguard,identityguard_login,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
mongodb
mongodb,gdpr_IV_35.7.d
mongodb,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
mongodb,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
mongodb,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
mongodb,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2
docker
docker,docker-info
docker,docker-warning
docker,docker-error
docker,docker-fatal
docker,docker-error,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d
docker,docker-error,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2
jenkins
jenkins,jenkins-info
jenkins,jenkins-warn
jenkins,jenkins-severe
vshell
vshell,pci_dss_10.2.5,gdpr_IV_32.2
vshell,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2
vshell,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2
vshell,gdpr_IV_35.7.d
vshell,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2
vshell,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2
ids,suricata
qualysguard
qualysguard,pci_dss_10.6.1,gdpr_IV_35.7.d
cylance
cylance,pci_dss_10.6.1,gdpr_IV_35.7.d
cylance,gdpr_IV_35.7.d
virustotal
virustotal,gdpr_IV_35.7.d,gdpr_IV_32.2
virustotal,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d
syslog,proxmox-ve
syslog,proxmox-ve,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proxmox-ve,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,proxmox-ve,authentication_success,pci_dss_10.2.5,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,owncloud
json,owncloud,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,owncloud,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,owncloud,web,appsec,attack,pci_dss_6.5,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,owncloud,gdpr_IV_35.7.d
vuls
vuls,gdpr_IV_35.7.d
vuls,pci_dss_10.6.1,gdpr_IV_35.7.d
ciscat,pci_dss_2.2,nist_800_53_CM.1
ciscat,pci_dss_2.2,nist_800_53_CM.1,gdpr_IV_35.7.d
ciscat,pci_dss_2.2,nist_800_53_CM.1,pci_dss_10.6.1,gdpr_IV_35.7.d
exim
exim,authentication_failed,gdpr_IV_32.2,gdpr_IV_35.7.d,invalid_login,pci_dss_10.2.4,pci_dss_10.2.5
exim,authentication_failures,gdpr_IV_32.2,gdpr_IV_35.7.d,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4
vulnerability-detector,gdpr_IV_35.7.d,pci_dss_11.2.1,pci_dss_11.2.3,tsc_CC7.1,tsc_CC7.2
syslog,gsad
syslog,gsad,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,gsad,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,gsad,authentication_success,pci_dss_10.2.5,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,gsad,gdpr_IV_35.7.d
syslog,openvasmd
syslog,openvasmd,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,openvasmd,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,openvasmd,gdpr_IV_35.7.d
mysql_audit
mysql_audit,authentication_success,pci_dss_10.2.5,pci_dss_8.7,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.d,hipaa_164.312.e.1,hipaa_164.312.e.2.I,hipaa_164.312.e.2.II,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_PI1.4,tsc_PI1.5
mysql_audit,pci_dss_10.2.5,pci_dss_8.7,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.d,hipaa_164.312.e.1,hipaa_164.312.e.2.I,hipaa_164.312.e.2.II,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_PI1.4,tsc_PI1.5
mysql_audit,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_8.7,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.d,hipaa_164.312.e.1,hipaa_164.312.e.2.I,hipaa_164.312.e.2.II,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SC.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_PI1.4,tsc_PI1.5
mysql_audit,pci_dss_8.7,gpg13_7.1,gdpr_IV_35.7.d,hipaa_164.312.d,hipaa_164.312.e.1,hipaa_164.312.e.2.I,hipaa_164.312.e.2.II,nist_800_53_SC.2,tsc_PI1.4,tsc_PI1.5
mariadb
mariadb,gdpr_IV_35.7.d
pfsense
pfsense,firewall_block,pci_dss_1.4,gpg13_4.12,hipaa_164.312.a.1,nist_800_53_SC.7,tsc_CC6.7,tsc_CC6.8
pfsense,multiple_blocks,pci_dss_1.4,pci_dss_10.6.1,gpg13_4.12,hipaa_164.312.a.1,hipaa_164.312.b,nist_800_53_SC.7,nist_800_53_AU.6,tsc_CC6.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
osquery
osquery,osquery_monitoring
osquery,incident_response
osquery,it_compliance
osquery,osx_attacks
osquery,vuln_management
osquery,hardware_monitoring
osquery,ossec_rootkit
osquery,windows_hardening
osquery,windows_attacks
osquery,unwanted_chrome
kaspersky
azure
docker,pci_dss_10.2.7,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
docker,pci_dss_10.2.7,pci_dss_11.5,hipaa_164.312.b,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_AU.14,nist_800_53_SI.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1
docker,gdpr_IV_32.2
docker,pci_dss_10.2.7,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
docker,pci_dss_11.5,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_SI.7,tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
docker,pci_dss_10.2.5,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,ipsec
sca,gdpr_IV_35.7.d,pci_dss_2.2,nist_800_53_CM.1,tsc_CC7.1,tsc_CC7.2
windows,gdpr_IV_35.7.d,gpg13_4.3,system_error
windows,windows_security
windows,windows_security,gpg13_4.12
windows,windows_security,system_error,gpg13_4.3,gdpr_IV_35.7.d
windows,windows_security,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.9,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,pci_dss_10.2.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_success,pci_dss_8.1.5,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.2,tsc_CC6.1
windows,windows_security,adduser,account_changed,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,account_changed,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,policy_changed,pci_dss_10.6.1,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_security,group_changed,win_group_changed,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_failures,pci_dss_8.1.6,pci_dss_11.4,gpg13_7.5,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,system_shutdown
windows,windows_security,logs_cleared,pci_dss_10.6.1,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_failed,login_denied,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
windows,windows_security,authentication_failed,login_denied,pci_dss_10.2.5,pci_dss_8.1.4,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.2,tsc_CC6.3,tsc_CC6.4
windows,windows_security,authentication_failed,login_denied,pci_dss_10.2.5,pci_dss_8.1.5,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AC.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1
windows,windows_security,authentication_failed,login_denied,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_failed,pci_dss_10.2.5,pci_dss_8.2.4,gpg13_7.5,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.d,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_IA.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_8.1.6,gpg13_7.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,time_changed,pci_dss_10.6.1,gpg13_1.3,gpg13_4.13,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_security,account_changed,pci_dss_10.2.5,pci_dss_8.1.6,gpg13_7.10,gdpr_IV_32.2,hipaa_164.312.b,hipaa_164.312.a.1,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,pci_dss_10.2.5,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,group_created,win_group_created,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,group_deleted,win_group_deleted,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_7.10,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.a.2.I,hipaa_164.312.a.2.II,hipaa_164.312.b,nist_800_53_AC.2,nist_800_53_IA.4,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.9,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_failed,attacks,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,authentication_failures,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_SI.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_security,ipsec
windows,windows_security,ipsec,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.9,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_application
windows,windows_application,gpg13_4.12
windows,windows_application,gdpr_IV_35.7.d,gpg13_4.3,system_error
windows,windows_application,gdpr_IV_32.2,gdpr_IV_35.7.d
windows,windows_application,gdpr_IV_32.2
windows,windows_application,authentication_failed,gdpr_IV_32.2,gdpr_IV_35.7.d,gpg13_7.1,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_application,authentication_success,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_system
windows,windows_system,gpg13_4.12
windows,windows_system,system_error,gpg13_4.3,gdpr_IV_35.7.d
windows,windows_system,policy_changed,pci_dss_10.6,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,sysmon
windows,sysmon,gpg13_4.12
windows,sysmon,system_error,gpg13_4.3,gdpr_IV_35.7.d
windows,sysmon,sysmon_event1
windows,sysmon,sysmon_event2
windows,sysmon,sysmon_event3
windows,sysmon,sysmon_event4
windows,sysmon,sysmon_event5
windows,sysmon,sysmon_event6
windows,sysmon,sysmon_event7
windows,sysmon,sysmon_event8
windows,sysmon,sysmon_event9
windows,sysmon,sysmon_event_10
windows,sysmon,sysmon_event_11
windows,sysmon,sysmon_event_12
windows,sysmon,sysmon_event_13
windows,sysmon,sysmon_event_14
windows,sysmon,sysmon_event_15
windows,sysmon,sysmon_event_16
windows,sysmon,sysmon_event_17
windows,sysmon,sysmon_event_18
windows,sysmon,sysmon_event_19
windows,sysmon,sysmon_event_20
windows,sysmon,sysmon_event_21
windows,sysmon,sysmon_event_22
windows,sysmon,sysmon_event_23
windows,sysmon,sysmon_event_24
windows,sysmon,sysmon_event_25
windows,sysmon,sysmon_event_26
windows,sysmon,sysmon_event_255
windows,sysmon,sysmon_process-anomalies,pci_dss_10.6.1,pci_dss_11.4,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
windows,sysmon,sysmon_process-anomalies
windows,windows_defender,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_defender,system_error,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_defender,system_error,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6
windows,windows_defender,gdpr_IV_35.7.d,pci_dss_10.6.1,pci_dss_5.3,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_defender,gdpr_IV_35.7.d,gdpr_II_5.1.f,pci_dss_10.6.1,pci_dss_11.4,gpg13_10.1,hipaa_164.312.b,nist_800_53_AU.9,nist_800_53_SI.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
windows,windows_defender,pci_dss_5.1,pci_dss_5.2,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.6,nist_800_53_SI.4,tsc_A1.2,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
windows,windows_defender,pci_dss_10.6.1,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_defender,pci_dss_10.6.1,gdpr_IV_35.7.d,gdpr_IV_30.1.g,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
windows,windows_defender,pci_dss_5.1,pci_dss_10.6.1,pci_dss_5.2,gdpr_IV_35.7.d,gpg13_4.4,gpg13_4.14,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.6,tsc_A1.2,tsc_CC7.2,tsc_CC7.3
windows,windows_defender,pci_dss_5.1,pci_dss_10.2.6,pci_dss_10.6.1,gpg13_4.14,gpg13_10.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.14,nist_800_53_AU.5,nist_800_53_AU.6,tsc_A1.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_defender,pci_dss_5.1,pci_dss_10.2.6,pci_dss_10.6.1,gpg13_4.14,gpg13_10.1,gdpr_IV_35.7.d,gdpr_II_5.1.f,hipaa_164.312.b,nist_800_53_SI.3,nist_800_53_AU.14,nist_800_53_AU.5,nist_800_53_AU.6,tsc_A1.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,windows_defender,pci_dss_6.5.5,pci_dss_10.6.1,gpg13_4.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_SA.11,nist_800_53_AU.6,tsc_CC6.6,tsc_CC7.1,tsc_CC7.2,tsc_CC7.3
vipre
windows,windows_firewall,firewall,pci_dss_1.4,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_SC.7,tsc_CC6.7,tsc_CC6.8
windows,windows_firewall,firewall,system_error,pci_dss_1.4,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_SC.7,tsc_CC6.7,tsc_CC6.8
windows,mcafee
windows,mcafee,gpg13_4.12
windows,mcafee,gdpr_IV_35.7.d,gpg13_4.3,system_error
windows,mcafee,gpg13_4.3
windows,mcafee,gdpr_IV_35.7.d,gpg13_4.2,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.3,nist_800_53_SI.4,pci_dss_10.6.1,pci_dss_11.4,pci_dss_5.1,pci_dss_5.2,tsc_A1.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,virus
windows,mcafee,gdpr_IV_35.7.d,gpg13_10.1,gpg13_4.14,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.5,nist_800_53_AU.6,nist_800_53_SI.3,pci_dss_10.2.6,pci_dss_10.6.1,pci_dss_5.1,tsc_A1.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,mcafee,gdpr_IV_35.7.d,gpg13_4.14,gpg13_4.4,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.3,pci_dss_10.6.1,pci_dss_5.1,pci_dss_5.2,tsc_A1.2,tsc_CC7.2,tsc_CC7.3
windows,mcafee,gdpr_IV_35.7.d,gpg13_4.14,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.3,pci_dss_10.6.1,pci_dss_5.1,pci_dss_5.2,tsc_A1.2,tsc_CC7.2,tsc_CC7.3
windows,mcafee,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.3,pci_dss_10.6.1,pci_dss_5.1,tsc_A1.2,tsc_CC7.2,tsc_CC7.3
windows,windows_logs
windows,windows_logs,gpg13_4.12
windows,windows_logs,system_error,gpg13_4.3,gdpr_IV_35.7.d
windows,windows_logs,log_clearing_auditlog,gpg13_10.1,gdpr_II_5.1.f,gdpr_IV_30.1.g
windows,windows_logs,log_clearing,gpg13_10.1,gdpr_II_5.1.f
windows,mse,gdpr_IV_35.7.d,gpg13_4.3,system_error
windows,mse,gdpr_IV_35.7.d,gpg13_4.2,hipaa_164.312.b,nist_800_53_AU.6,nist_800_53_SI.3,nist_800_53_SI.4,pci_dss_10.6.1,pci_dss_11.4,pci_dss_5.1,pci_dss_5.2,tsc_A1.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,virus
windows,mse,gdpr_IV_35.7.d,gpg13_4.4,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AU.6,pci_dss_10.2.7,pci_dss_10.6.1,policy_changed,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
windows,mse,gdpr_IV_35.7.d,gpg13_4.14,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
windows,mse,gdpr_IV_35.7.d,gpg13_4.14,gpg13_4.4,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
windows,mse,gdpr_IV_35.7.d,gpg13_4.4,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa
syslog,cisco,cisco-asa,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_35.7.d,gdpr_IV_32.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,pci_dss_10.2.7,pci_dss_10.6.1,gpg13_7.9,gdpr_IV_35.7.d,gdpr_IV_32.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,authentication_success,pci_dss_10.2.5,gpg13_7.8,gdpr_IV_32.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,access_denied,pci_dss_10.2.4,pci_dss_11.4,gpg13_4.12,gdpr_IV_35.7.d,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,gdpr_IV_35.7.d
syslog,cisco,cisco-asa,ids,pci_dss_11.4,gpg13_4.12,gdpr_IV_35.7.d,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,service_availability,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,config_changed,pci_dss_1.1.1,pci_dss_10.4,gpg13_4.13,gdpr_IV_35.7.d,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,adduser,account_changed,pci_dss_8.1.2,pci_dss_10.2.5,gpg13_4.13,gdpr_IV_35.7.d,gdpr_IV_32.2,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
syslog,cisco,cisco-asa,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.12,gdpr_IV_35.7.d,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,cisco,cisco-asa,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.1,gdpr_IV_35.7.d,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,cisco,cisco-asa,system_error,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.3,gdpr_IV_35.7.d,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
syslog,cisco,cisco-asa,authentication_failures,pci_dss_11.4,pci_dss_10.2.4,pci_dss_10.2.5,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
mcafee_epo
json,nextcloud
json,nextcloud,authentication_failed,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,nextcloud,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,nextcloud,authentication_failures,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_SI.4,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,nextcloud,appsec,attack,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,pci_dss_6.5,pci_dss_11.4,tsc_CC6.1,tsc_CC6.6,tsc_CC6.8,tsc_CC7.1,tsc_CC7.2,tsc_CC7.3,tsc_CC8.1,web
json,nextcloud,gdpr_IV_35.7.d
json,nextcloud,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,nextcloud,authentication_success,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,nextcloud,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_11.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
json,nextcloud,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.14,pci_dss_11.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
zeek,ids
junos-ids,junos,rsyslog
rsyslog,junos,junos-rtflow
paps
checkpoint-smart1
gcp
f5-bigip
paloalto
paloalto,gdpr_IV_35.7.d,gpg13_4.12,hipaa_164.312.b,pci_dss_1.4,pci_dss_10.6.1,pci_dss_11.4,tsc_CC6.1,tsc_CC6.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,tsc_CC7.4
sophos-fw
freepbx
github,git
github,git,git_account
github,git,git_advisory_credit
github,git,git_billing
github,git,git_dependabot_alerts
github,git,git_dependabot_alerts_new_repos
github,git,git_dependabot_security_updates
github,git,git_dependabot_security_updates_new_repos
github,git,git_dependency_graph
github,git,git_dependency_graph_new_repos
github,git,git_discussion_post
github,git,git_discussion_post_reply
github,git,git_enterprise
github,git,git_environment
github,git,git_git
github,git,git_hook
github,git,git_integration_installation
github,git,git_issues
github,git,git_marketplace_listing
github,git,git_members_can_create_pages
github,git,git_oauth_application
github,git,git_org
github,git,git_org_credential_authorization
github,git,git_organization_default_label
github,git,git_packages
github,git,git_payment_method
github,git,git_profile_picture
github,git,git_project
github,git,git_organization_domain
github,git,git_private_repository_forking
github,git,git_protected_branch
github,git,git_pull_request
github,git,git_pull_request_review
github,git,git_pull_request_review_comment
github,git,git_repo
github,git,git_repository_advisory
github,git,git_repository_content_analysis
github,git,git_repository_dependency_graph
github,git,git_repository_projects_change
github,git,git_repository_secret_scanning
github,git,git_repository_vulnerability_alert
github,git,git_repository_vulnerability_alerts
github,git,git_secret_scanning
github,git,git_secret_scanning_new_repos
github,git,git_sponsors
github,git,git_team
github,git,git_team_discussions
github,git,git_workflows
github,git,git_codespaces
office365
office365,ExchangeAdmin,hipaa_164.312.b,pci_dss_10.2.2,pci_dss_10.6.1
office365,ExchangeItem,hipaa_164.312.b,pci_dss_10.6.2
office365,ExchangeItemGroup,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.2
office365,SharePoint,hipaa_164.312.b,pci_dss_10.6.2
office365,SharePointFileOperation,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.2,pci_dss_11.5
office365,OneDrive,hipaa_164.312.b,pci_dss_10.6.2
office365,AzureActiveDirectory,hipaa_164.312.b,pci_dss_10.6.2
office365,AzureActiveDirectoryAccountLogon,hipaa_164.312.a.1,hipaa_164.312.a.2.I,hipaa_164.312.b,hipaa_164.312.d,pci_dss_10.6.2
office365,DataCenterSecurityCmdlet,hipaa_164.312.b,pci_dss_10.6.1
office365,ComplianceDLPSharePoint,hipaa_164.312.a.1,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.5
office365,ComplianceDLPExchange,hipaa_164.312.a.1,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.5
office365,SharePointSharingOperation,hipaa_164.312.b,pci_dss_10.6.2
office365,AzureActiveDirectoryStsLogon,hipaa_164.312.a.2.I,hipaa_164.312.b,hipaa_164.312.d,hipaa_164.312.e.2.II,pci_dss_8.3,pci_dss_10.6.1
office365,SkypeForBusinessPSTNUsage,hipaa_164.312.b,pci_dss_10.6.2
office365,SkypeForBusinessUsersBlocked,hipaa_164.312.a.1,hipaa_164.312.b,pci_dss_7.1,pci_dss_10.2.4,pci_dss_10.5.2,pci_dss_10.6.1
office365,SecurityComplianceCenterEOPCmdlet,hipaa_164.312.b,pci_dss_10.2.2,pci_dss_10.6.1
office365,ExchangeAggregatedOperation,hipaa_164.312.b,pci_dss_10.6.2
office365,PowerBIAudit,hipaa_164.312.b,pci_dss_10.6.2
office365,CRM,hipaa_164.312.b,pci_dss_10.6.2
office365,Yammer,hipaa_164.312.b,pci_dss_10.6.2
office365,SkypeForBusinessCmdlets,hipaa_164.312.b,pci_dss_10.6.2
office365,Discovery,hipaa_164.312.b,pci_dss_10.6.2
office365,MicrosoftTeams,hipaa_164.312.b,pci_dss_10.6.2
office365,ThreatIntelligence,hipaa_164.312.b,pci_dss_5.3,pci_dss_6.1,pci_dss_10.6.1
office365,MailSubmission,hipaa_164.312.b,pci_dss_10.6.2
office365,MicrosoftFlow,hipaa_164.312.b,pci_dss_10.6.2
office365,AeD,hipaa_164.312.b,pci_dss_10.6.2
office365,MicrosoftStream,hipaa_164.312.b,pci_dss_10.6.2
office365,ComplianceDLPSharePointClassification,hipaa_164.312.b,pci_dss_10.6.2
office365,ThreatFinder,hipaa_164.312.b,pci_dss_5.3,pci_dss_6.1,pci_dss_10.6.1
office365,Project,hipaa_164.312.b,pci_dss_10.6.2
office365,SharePointListOperation,hipaa_164.312.b,pci_dss_10.6.2
office365,SharePointCommentOperation,hipaa_164.312.b,pci_dss_10.6.2
office365,DataGovernance,hipaa_164.312.b,pci_dss_10.6.1
office365,Kaizala,hipaa_164.312.b,pci_dss_10.6.2
office365,SecurityComplianceAlerts,hipaa_164.312.b,pci_dss_10.6.1
office365,ThreatIntelligenceUrl,hipaa_164.312.b,pci_dss_10.6.1
office365,SecurityComplianceInsights,hipaa_164.312.b,pci_dss_10.6.1
office365,MIPLabel,hipaa_164.312.b,pci_dss_10.6.1
office365,WorkplaceAnalytics,hipaa_164.312.b,pci_dss_10.6.2
office365,PowerAppsApp,hipaa_164.312.b,pci_dss_10.6.2
office365,PowerAppsPlan,hipaa_164.312.b,pci_dss_10.6.2
office365,ThreatIntelligenceAtpContent,hipaa_164.312.b,pci_dss_5.3,pci_dss_6.1,pci_dss_10.6.1
office365,LabelContentExplorer,hipaa_164.312.b,pci_dss_10.6.2
office365,TeamsHealthcare,hipaa_164.312.b,pci_dss_10.6.2
office365,ExchangeItemAggregated,hipaa_164.312.b,pci_dss_10.6.2
office365,HygieneEvent,hipaa_164.312.b,hipaa_164.312.e.1,pci_dss_1.3.4,pci_dss_5.3,pci_dss_10.6.1,pci_dss_11.4
office365,DataInsightsRestApiAudit,hipaa_164.312.b,pci_dss_10.6.2
office365,InformationBarrierPolicyApplication,hipaa_164.312.b,pci_dss_10.6.2
office365,SharePointListItemOperation,hipaa_164.312.b,pci_dss_10.6.2
office365,SharePointContentTypeOperation,hipaa_164.312.b,pci_dss_10.6.2
office365,SharePointFieldOperation,hipaa_164.312.b,pci_dss_10.6.2
office365,MicrosoftTeamsAdmin,hipaa_164.312.b,pci_dss_10.2.2,pci_dss_10.6.2
office365,HRSignal,hipaa_164.312.b,pci_dss_10.6.1
office365,MicrosoftTeamsDevice,hipaa_164.312.b,pci_dss_10.6.2
office365,MicrosoftTeamsAnalytics,hipaa_164.312.b,pci_dss_10.6.2
office365,InformationWorkerProtection,hipaa_164.312.b,pci_dss_10.6.1
office365,Campaign,hipaa_164.312.b,pci_dss_5.3,pci_dss_6.1,pci_dss_10.6.1
office365,DLPEndpoint,hipaa_164.312.a.1,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.5
office365,AirInvestigation,hipaa_164.312.b,pci_dss_10.6.1
office365,Quarantine,hipaa_164.312.b,pci_dss_5.3,pci_dss_10.6.1,pci_dss_11.5
office365,MicrosoftForms,hipaa_164.312.b,pci_dss_10.6.2
office365,ApplicationAudit,hipaa_164.312.b,pci_dss_10.6.1
office365,ComplianceSupervisionExchange,hipaa_164.312.b,pci_dss_10.6.1
office365,CustomerKeyServiceEncryption,hipaa_164.312.a.1,hipaa_164.312.a.2.I,hipaa_164.312.a.2.IV,hipaa_164.312.b,hipaa_164.312.e.2.II,pci_dss_3.5.4,pci_dss_4.1,pci_dss_10.6.1
office365,OfficeNative,hipaa_164.312.b,pci_dss_10.6.2
office365,MipAutoLabelSharePointItem,hipaa_164.312.b,pci_dss_10.6.2
office365,MipAutoLabelSharePointPolicyLocation,hipaa_164.312.b,pci_dss_10.6.2
office365,MicrosoftTeamsShifts,hipaa_164.312.b,pci_dss_10.6.2
office365,MipAutoLabelExchangeItem,hipaa_164.312.b,pci_dss_10.6.2
office365,CortanaBriefing,hipaa_164.312.b,pci_dss_10.6.2
office365,Search,hipaa_164.312.b,pci_dss_10.6.2
office365,WDATPAlerts,hipaa_164.312.b,pci_dss_5.3,pci_dss_6.1,pci_dss_10.6.1
office365,MDATPAudit,hipaa_164.312.b,pci_dss_5.3,pci_dss_6.1,pci_dss_10.6.1
office365,SensitivityLabelPolicyMatch,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.5
office365,SensitivityLabelAction,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.5
office365,SensitivityLabeledFileAction,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.5
office365,AttackSim,hipaa_164.312.b,pci_dss_6.1,pci_dss_10.6.1,pci_dss_11.2.1,pci_dss_11.2.3
office365,AirManualInvestigation,hipaa_164.312.b,pci_dss_10.6.1
office365,SecurityComplianceRBAC,hipaa_164.312.b,pci_dss_10.6.1
office365,UserTraining,hipaa_164.312.b,pci_dss_6.1,pci_dss_10.6.1,pci_dss_11.2.1,pci_dss_11.2.3
office365,AirAdminActionInvestigation,hipaa_164.312.b,pci_dss_10.2.2,pci_dss_10.6.1
office365,MSTIC,hipaa_164.312.b,pci_dss_10.6.1
office365,PhysicalBadgingSignal,hipaa_164.312.b,pci_dss_8.6,pci_dss_9.1.1,pci_dss_10.6.1
office365,AipDiscover,hipaa_164.312.a.1,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_5.3,pci_dss_10.6.1,pci_dss_11.4,pci_dss_11.5
office365,AipSensitivityLabelAction,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.4,pci_dss_11.5
office365,AipProtectionAction,hipaa_164.312.a.1,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_5.3,pci_dss_10.6.1,pci_dss_11.4,pci_dss_11.5
office365,AipFileDeleted,hipaa_164.312.a.1,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.4,pci_dss_11.5
office365,AipHeartBeat,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.4,pci_dss_11.5
office365,MCASAlerts,hipaa_164.312.b,pci_dss_10.6.1
office365,OnPremisesFileShareScannerDlp,hipaa_164.312.a.1,hipaa_164.312.b,pci_dss_5.3,pci_dss_10.6.1
office365,OnPremisesSharePointScannerDlp,hipaa_164.312.a.1,hipaa_164.312.b,pci_dss_5.3,pci_dss_10.6.1
office365,ExchangeSearch,hipaa_164.312.b,pci_dss_10.6.2
office365,SharePointSearch,hipaa_164.312.b,pci_dss_10.6.2
office365,PrivacyInsights,hipaa_164.312.b,pci_dss_10.6.1
office365,MyAnalyticsSettings,hipaa_164.312.b,pci_dss_10.6.2
office365,SecurityComplianceUserChange,hipaa_164.312.a.2.I,pci_dss_8.1.2,pci_dss_10.6.1
office365,ComplianceDLPExchangeClassification,hipaa_164.312.a.1,hipaa_164.312.b,hipaa_164.312.c.1,pci_dss_10.6.1,pci_dss_11.5
office365,MipExactDataMatch,hipaa_164.312.b,pci_dss_10.6.2
office365,OneDrive,SharePoint,hipaa_164.312.b,pci_dss_10.6.1
office365,OneDrive,SharePoint,pci_dss_10.6.1,hipaa_164.312.b
office365,OneDrive,SharePoint,hipaa_164.312.a.1,hipaa_164.312.b,pci_dss_10.6.2
office365,OneDrive,SharePoint,hipaa_164.312.a.1,hipaa_164.312.b,pci_dss_10.5.1
office365,OneDrive,SharePoint,hipaa_164.312.a.1,hipaa_164.312.b,hipaa_164.312.e.2.I,pci_dss_1.3.2,pci_dss_7.1,pci_dss_10.2.4,pci_dss_10.6.1,pci_dss_11.4
office365,Exchange,hipaa_164.312.a.1,hipaa_164.312.b,pci_dss_10.5.1,pci_dss_10.6.2
office365,Exchange,hipaa_164.312.b,pci_dss_10.6.2
office365,Exchange,hipaa_164.312.a.2.I,hipaa_164.312.b,pci_dss_8.1.2
office365,AzureActiveDirectory,hipaa_164.312.a.2.I,hipaa_164.312.b,pci_dss_8.1.2,pci_dss_10.6.2
office365,AzureActiveDirectory,pci_dss_8.1.2,hipaa_164.312.a.2.I
office365,AzureActiveDirectory,pci_dss_8.1.2,hipaa_164.312.a.2.I,pci_dss_10.2.5
office365,Discovery,hipaa_164.312.a.2.I,pci_dss_8.1.2,pci_dss_10.2.5
office365,Discovery,pci_dss_8.1.2,hipaa_164.312.a.2.I,pci_dss_10.2.5
office365,Discovery,hipaa_164.312.a.1
office365,Exchange,hipaa_164.312.a.1,hipaa_164.312.b,pci_dss_5.3,pci_dss_10.6.1,pci_dss_11.4,pci_dss_11.5
office365,Exchange,hipaa_164.312.a.1,hipaa_164.312.b,pci_dss_5.3,pci_dss_10.2.2,pci_dss_10.6.1,pci_dss_11.4,pci_dss_11.5
office365,OneDrive,SharePoint
office365,Exchange,hipaa_164.312.a.1,pci_dss_10.2.2
gitlab_v.12
arbor
fireeye
fireeye,fireeye_nx_silverfish
syslog,huawei_usg
syslog,huawei_usg,gpg13_3.2,gdpr_IV_35.7.d
syslog,huawei_usg,gpg13_3.2
syslog,huawei_usg,gpg13_3.5
sysmon,sysmon_eid1_detections,windows
sysmon,sysmon_eid3_detections,windows
sysmon,sysmon_eid7_detections,windows
sysmon,sysmon_eid11_detections,windows
win_evt_channel,windows
win_evt_channel,windows,authentication_success,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
win_evt_channel,windows,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
audit_detections
sysmon,sysmon_eid13_detections,windows
sysmon,sysmon_eid8_detections,windows
firewall,firewall_drop,pci_dss_1.4,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.a.1,nist_800_53_SC.7,tsc_CC6.7,tsc_CC6.8
firewall,multiple_drops,pci_dss_1.4,pci_dss_10.6.1,gpg13_4.12,gdpr_IV_35.7.d,hipaa_164.312.a.1,hipaa_164.312.b,nist_800_53_SC.7,nist_800_53_AU.6,tsc_CC6.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd
cisco,cisco-ftd,authentication_failed,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.8,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.9,pci_dss_10.2.7,pci_dss_10.6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,authentication_success,gdpr_IV_32.2,gpg13_7.8,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,gdpr_IV_35.7.d,gpg13_4.12,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,access_denied,gdpr_IV_35.7.d,gpg13_4.12,pci_dss_10.2.4,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,gdpr_IV_35.7.d,gpg13_4.12,ids,pci_dss_11.4,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,authentication_failed,gpg13_7.1,gdpr_IV_35.7.d,gdpr_IV_32.2,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,authentication_success,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,authentication_failed,gpg13_7.1,gpg13_7.5,gdpr_IV_35.7.d,gdpr_IV_32.2,pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,gpg13_4.12,gdpr_IV_35.7.d,pci_dss_10.6.1,service_availability,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,config_changed,gpg13_4.13,gdpr_IV_35.7.d,pci_dss_1.1.1,pci_dss_10.4,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,account_changed,adduser,gpg13_4.13,gdpr_IV_35.7.d,gdpr_IV_32.2,pci_dss_8.1.2,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,gpg13_4.12,gdpr_IV_35.7.d,pci_dss_10.6.1,pci_dss_11.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
cisco,cisco-ftd,gpg13_4.1,gdpr_IV_35.7.d,pci_dss_10.6.1,pci_dss_11.4,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
cisco,cisco-ftd,gdpr_IV_35.7.d,pci_dss_10.6.1,pci_dss_11.4,gpg13_4.3,system_error,tsc_CC7.2,tsc_CC7.3,tsc_CC6.1,tsc_CC6.8
cisco,cisco-ftd,gpg13_4.12,gdpr_IV_35.7.d,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3
cisco,cisco-ftd,gdpr_IV_35.7.d
windows,powershell
oracle,oracledb,hipaa_164.312.b,pci_dss_10.6.2
oracle,oracledb,hipaa_164.312.b,pci_dss_10.6.1
eset,firewall
eset,firewall,threat_event
eset,firewall,audit_event
eset,firewall,gdpr_IV_35.7.d,gpg13_4.12,hipaa_164.312.a.1,nist_800_53_SC.7,pci_dss_1.4,tsc_CC6.7,tsc_CC6.8
eset,firewall,gdpr_IV_35.7.d,gpg13_4.12,hipaa_164.312.a.1,nist_800_53_SC.7,pci_dss_1.4,system_error,tsc_CC6.7,tsc_CC6.8
WAF,Cloudflare
WAF,Cloudflare,hipaa_164.312.c.1
WAF,Cloudflare,hipaa_164.312.d,pci_dss_8.2
WAF,Cloudflare,gpg13_3.3,hipaa_164.312.e.1,nist_800_53_AC.7,pci_dss_8.2
WAF,Cloudflare,gpg13_4.3
WAF,Cloudflare,gpg13_4.3,hipaa_164.312.e.1,tsc_cc6.8
WAF,Cloudflare,gpg13_4.3,hipaa_164.312.e.1,nist_800_53_AC.7,pci_dss_7.1,pci_dss_10.2.4,tsc_cc6.8
sysmon,sysmon_eid10_detections,windows
sysmon,sysmon_eid20_detections,windows
windows,WEF
macOS,pci_dss_10.6.1,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,tsc_CC7.3
macOS,authentication_success,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
macOS,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
macOS,authentication_failed,gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,invalid_login,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AU.6,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.6.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
amazon_security_lake
amazon_security_lake,asl_api_operation,asl_cloudtrail,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_AU.6,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.6.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
amazon_security_lake,asl_cloudtrail,gdpr_IV_32.2,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AC.7,nist_800_53_AU.14,nist_800_53_AU.6,pci_dss_10.2.4,pci_dss_10.2.5,pci_dss_10.6.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
amazon_security_lake,asl_vpc
ms-graph
maltiverse
aws_security_hub
aws_security_hub,cis_aws_foundations_benchmark_2.3,cis_aws_foundations_benchmark_3.3
aws_security_hub,pci_dss_8.2.1,nist_800_53_SA.3
aws_security_hub,pci_dss_8.2.1,nist_800_53_IA.5,nist_800_53_SA.3
aws_security_hub,pci_dss_1.2.1,pci_dss_1.3.1,pci_dss_1.3.2,pci_dss_1.3.4,pci_dss_1.3.6,nist_800_53_AC.3,nist_800_53_AC.4,nist_800_53_AC.6,nist_800_53_AC.21,nist_800_53_SC.7
aws_security_hub,nist_800_53_AC.3,nist_800_53_AC.4,nist_800_53_AC.6,nist_800_53_AC.21,nist_800_53_SC.7
aws_security_hub,pci_dss_1.2.1,pci_dss_1.3.1,pci_dss_1.3.4,pci_dss_7.2.1,nist_800_53_AC.3,nist_800_53_AC.4,nist_800_53_AC.6,nist_800_53_AC.21,nist_800_53_SC.7
aws_security_hub,nist_800_53_AC.4,nist_800_53_CA.9,nist_800_53_CM.2,nist_800_53_CM.7,nist_800_53_SC.7
aws_security_hub,pci_dss_2.1,pci_dss_2.2,pci_dss_7.2.1,cis_aws_foundations_benchmark_1.12,cis_aws_foundations_benchmark_1.4,nist_800_53_AC.2,nist_800_53_AC.3,nist_800_53_AC.6
aws_security_hub,pci_dss_8.3.1,cis_aws_foundations_benchmark_1.14,cis_aws_foundations_benchmark_1.6,nist_800_53_AC.2,nist_800_53_AC.3,nist_800_53_IA.2
aws_security_hub,pci_dss_8.3.1,cis_aws_foundations_benchmark_1.13,cis_aws_foundations_benchmark_1.5,nist_800_53_AC.2,nist_800_53_AC.3,nist_800_53_IA.2
aws_security_hub,nist_800_53_SC.12
aws_security_hub,pci_dss_1.2.1,pci_dss_1.3.1,pci_dss_1.3.2,pci_dss_1.3.4,pci_dss_7.2.1,nist_800_53_AC.3,nist_800_53_AC.4,nist_800_53_AC.6,nist_800_53_AC.21,nist_800_53_SC.7
aws_security_hub,pci_dss_1.2.1,pci_dss_1.3.1,pci_dss_1.3.4,pci_dss_1.3.6,pci_dss_7.2.1,nist_800_53_AC.3,nist_800_53_AC.4,nist_800_53_AC.6,nist_800_53_AC.21,nist_800_53_SC.7
aws_security_hub,pci_dss_1.2.1,pci_dss_1.3.1,pci_dss_1.3.2,pci_dss_1.3.6,pci_dss_7.2.1,nist_800_53_AC.3,nist_800_53_AC.4,nist_800_53_AC.6,nist_800_53_AC.21,nist_800_53_SC.7
aws_security_hub,pci_dss_1.2.1,pci_dss_1.3.1,pci_dss_1.3.2,pci_dss_1.3.4,pci_dss_1.3.6,pci_dss_7.2.1,nist_800_53_AC.3,nist_800_53_AC.4,nist_800_53_AC.6,nist_800_53_AC.21,nist_800_53_SC.7
aws_security_hub,cis_aws_foundations_benchmark_2.1.5,nist_800_53_AC.3,nist_800_53_AC.4,nist_800_53_AC.6,nist_800_53_AC.21,nist_800_53_SC.7
malware
syslog,sshd,authentication_success,pci_dss_10.2.4,pci_dss_10.2.5
syslog,sshd,authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5
windows,windows_security,authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3
"""

FILES = """\
0010-rules_config.xml 1:0:0 2:0:1 3:0:2 4:0:3 5:0:4 6:0:5 7:0:6
0015-ossec_rules.xml 500:0:6 501:3:7 502:3:7 503:3:8 504:3:8 505:3:8 506:3:8 509:0:9 510:7:10 511:0:11 512:3:12 513:9:13 514:2:12 515:0:14 516:3:15 517:7:16 518:9:13 519:7:17 520:3:7 521:11:11 522:2:6 530:0:18 531:7:19 532:0:6 533:7:20 534:1:6 535:1:21 536:0:6 550:7:22 553:7:23 554:5:24 555:7:25 560:7:25 580:8:26 581:8:27 591:3:28 592:8:29 593:9:30 594:5:31 597:5:32 598:5:33 600:0:34 601:3:35 602:3:35 603:3:35 604:3:35 605:3:35 606:3:35 607:3:36 650:0:34 651:3:35 652:3:35 653:3:35 654:3:35 655:3:35 656:3:35 657:3:36 658:5:36 700:0:6 701:0:6 750:5:31 751:5:32 752:5:33
0016-wazuh_rules.xml 200:0:37 201:0:38 202:7:39 203:9:39 204:12:39 205:3:38 210:0:40 211:0:40 212:3:40 213:7:41 214:3:42 215:6:41 216:7:41 217:3:40 218:7:41 220:7:43 221:0:37 222:7:43 230:0:44 231:7:45 232:9:45 233:12:45 234:3:44 235:7:45 236:9:45 237:12:45 238:3:44 239:7:45 240:9:45 241:12:45 242:3:44
0017-wazuh-api_rules.xml 400:0:46 401:3:46 402:5:47 403:8:48 404:12:49 405:7:50 406:4:46 407:5:46 408:7:51 409:5:52 410:4:46 411:8:53 412:7:54 413:4:46 414:4:46 415:4:46 416:4:46 417:7:55 418:4:46 420:0:46 421:3:56 422:5:57 423:8:58 424:12:59 425:7:46 426:4:60 427:7:61 428:10:61
0020-syslog_rules.xml 1001:2:62 1002:2:63 1003:13:63 1004:5:64 1005:5:64 1006:5:64 1007:7:65 1008:5:66 1009:0:67 1010:5:68 2100:0:69 2101:4:70 2102:4:70 2103:4:70 2104:2:71 2301:10:72 2501:5:73 2502:10:73 2503:5:74 2504:9:75 2505:3:76 2506:3:77 2507:0:78 2508:3:79 2509:5:80 2550:0:78 2551:10:81 2701:0:82 2800:0:83 2801:0:84 2802:0:83 2803:0:84 5100:0:85 5101:0:86 5102:0:86 5103:9:87 5104:8:88 5105:0:86 5106:0:86 5107:0:86 5108:12:89 5109:4:86 5110:4:85 5111:0:86 5112:0:86 5113:7:90 5130:7:85 5131:3:85 5132:11:85 5133:11:85 5134:7:85 5135:7:85 5136:2:85 5137:7:85 5138:7:85 5139:7:85 5140:2:85 5141:7:85 5200:0:86 2830:0:91 2831:0:91 2834:5:91 2832:5:92 2833:8:93 5300:0:94 5301:5:95 5302:9:96 5303:3:97 5304:3:98 5305:4:94 5306:0:99 7101:8:100 5901:8:101 5902:8:101 5903:3:101 5904:8:101 5905:0:102 5400:0:103 5401:5:104 5402:3:105 5407:3:106 5403:4:103 5404:10:104 5405:5:107 5406:5:104 9100:0:108 9101:0:108 9102:0:108 10100:4:109 9200:0:110 9201:0:111 2900:0:112 2901:3:113 2902:7:114 2903:7:114 2904:7:114 2930:0:115 2931:0:116 2932:7:117 2933:7:117 2934:7:117 2935:0:115 2936:0:115 2937:12:118 2938:12:118 2939:12:118 2940:0:115 2941:3:115 2942:0:115 2943:0:115 2944:1:115 2945:4:115 2960:2:119 2961:5:119 2962:0:120 2963:3:121 2964:10:122
0025-sendmail_rules.xml 3100:0:123 3101:0:123 3102:5:124 3103:6:124 3104:6:124 3105:5:124 3106:5:124 3107:4:123 3108:6:124 3109:8:125 3151:10:126 3152:6:126 3153:6:126 3154:10:126 3155:10:126 3156:10:126 3158:10:126 3190:0:127 3191:6:128
0030-postfix_rules.xml 3300:0:129 3301:6:130 3302:6:130 3303:5:130 3304:5:130 3305:5:130 3306:6:130 3320:0:129 3330:10:131 3332:5:132 3331:10:131 3334:3:129 3335:6:130 3333:7:131 3351:6:133 3352:6:134 3353:10:133 3354:12:133 3355:10:133 3356:10:133 3357:10:135 3390:0:129 3395:0:129 3396:6:130 3397:6:130 3398:6:130 3399:0:129
0035-spamd_rules.xml 3500:0:136 3501:0:136 3502:0:136
0040-imapd_rules.xml 3600:0:137 3601:5:138 3602:3:139 3603:0:140 3651:10:141
0045-mailscanner_rules.xml 3700:0:142 3701:0:142 3702:5:143 3751:6:144 3752:0:142
0050-ms-exchange_rules.xml 3800:0:145 3801:4:146 3802:4:146 3851:9:147 3852:9:147
0055-courier_rules.xml 3900:0:148 3901:3:149 3902:5:150 3903:0:151 3904:3:152 3910:10:153 3911:10:154
0065-pix_rules.xml 4300:0:155 4310:5:155 4311:5:155 4312:4:155 4313:4:155 4314:0:155 4315:0:155 4321:9:156 4322:3:157 4323:3:158 4324:9:156 4325:8:159 4326:8:160 4327:8:159 4330:8:161 4331:8:161 4332:8:161 4333:8:162 4334:5:163 4335:3:164 4336:8:165 4337:8:166 4338:8:166 4339:8:167 4340:8:167 4341:3:155 4342:8:168 4380:10:169 4381:10:170 4382:10:171 4383:10:159 4385:10:169 4386:10:172
0070-netscreenfw_rules.xml 4500:0:173 4501:3:173 4502:4:173 4503:5:173 4513:5:173 4504:5:173 4505:11:174 4506:8:175 4507:8:175 4508:8:176 4509:8:176 4550:10:177 4551:10:173 4552:10:178 4553:10:173 4560:3:173
0075-cisco-ios_rules.xml 4700:0:179 4710:10:180 4711:7:181 4712:5:181 4713:4:182 4714:3:183 4715:0:179 4716:0:179 4717:0:179 4721:3:184 4722:3:185 4724:9:186
0080-sonicwall_rules.xml 4800:0:187 4801:8:188 4802:8:188 4803:4:189 4804:3:187 4805:0:187 4806:0:187 4807:0:187 4810:3:190 4811:9:191 4850:10:192 4851:10:193
0085-pam_rules.xml 5500:0:194 5501:3:195 5502:3:196 5503:5:197 5504:5:198 5521:0:194 5522:0:194 5523:0:194 5551:10:199 5552:0:194 5553:4:200 5554:4:200 5555:3:201 5556:0:194 5557:5:202
0090-telnetd_rules.xml 5600:0:203 5601:5:204 5602:3:205 5603:5:206 5604:5:207 5631:10:208
0095-sshd_rules.xml 5700:0:209 5701:8:210 5702:5:211 5703:10:211 5704:4:209 5705:10:211 5706:6:210 5707:14:212 5709:0:209 5710:5:213 5711:0:209 5712:10:214 5713:6:209 5714:14:212 5715:3:215 5716:5:216 5717:4:209 5718:5:217 5719:10:218 5720:10:219 5721:0:209 5722:0:220 5723:0:221 5724:0:221 5725:0:209 5726:5:209 5727:0:222 5728:4:223 5729:0:209 5730:4:224 5731:6:225 5732:0:209 5733:0:226 5734:0:209 5735:0:209 5736:0:209 5737:5:224 5738:5:216 5739:4:209 5740:4:209 5741:4:209 5742:4:227 5743:4:209 5744:4:209 5745:4:209 5746:4:209 5747:6:209 5748:6:224 5749:4:209 5750:0:209 5751:1:209 5752:2:209 5753:2:209 5754:1:209 5755:3:228 5756:0:209 5757:0:209 5758:8:228 5759:2:209 5760:5:216 5761:0:220 5762:4:209 5763:10:214
0100-solaris_bsm_rules.xml 6100:0:229 6101:5:229 6102:0:229 6103:3:230 6104:5:231 6105:3:230 6106:5:231
0105-asterisk_rules.xml 6200:0:232 6201:0:233 6202:3:233 6203:3:234 6210:5:235 6211:5:236 6212:5:236 6250:10:237 6251:10:237 6252:10:237 6253:5:236 6254:10:237 6255:5:238 6256:5:236 6257:10:239
0110-ms_dhcp_rules.xml 6300:0:240 6301:2:241 6302:3:242 6303:10:243 6304:0:244 6305:0:244 6306:0:244 6307:0:245 6308:12:246 6309:7:245 6310:0:244 6311:0:244 6322:0:247 6312:0:244 6313:0:244 6314:10:245 6315:0:244 6316:3:248 6317:2:248 6318:0:249 6319:7:250 6320:0:251 6323:12:252 6321:12:253 6350:0:240 6351:0:254 6352:0:254 6354:0:254 6355:0:254 6356:0:254 6357:7:255 6358:0:254 6359:0:254 6360:12:255 6361:3:256 6362:7:257 6363:10:258 6364:7:259 6365:7:255 6366:4:254 6367:0:254 6368:0:254 6369:0:254 6370:0:254 6371:2:254 6372:2:254 6373:12:260 6374:3:254 6376:12:260
0115-arpwatch_rules.xml 7200:0:261 7201:4:262 7202:9:263 7203:3:264 7204:9:263 7205:0:261 7206:0:261 7207:1:265 7208:1:265 7209:7:263
0120-symantec-av_rules.xml 7300:0:266 7301:0:266 7310:9:267 7320:3:268
0125-symantec-ws_rules.xml 7400:0:266 7410:5:269 7415:3:270 7420:3:270
0130-trend-osce_rules.xml 7600:0:271 7610:5:272 7611:9:272 7612:3:273 7613:5:274
0135-hordeimp_rules.xml 9300:0:275 9301:0:275 9302:3:275 9303:5:276 9304:9:277 9305:3:278 9306:5:279 9351:10:280 9352:10:281
0140-roundcube_rules.xml 9400:0:282 9401:6:283 9402:3:284 9403:10:285
0145-wordpress_rules.xml 9500:0:286 9501:5:287 9502:3:288 9503:3:286 9504:3:286 9505:7:286 9510:7:289 9551:10:290
0150-cimserver_rules.xml 9600:0:291 9610:5:292 9611:12:293
0155-dovecot_rules.xml 9700:0:294 9701:3:295 9702:5:296 9703:3:297 9704:2:294 9705:5:298 9706:3:299 9707:5:300 9750:10:301 9751:10:301 9770:0:294 9771:5:298
0160-vmpop3d_rules.xml 9800:0:302 9801:5:303 9820:10:304
0165-vpopmail_rules.xml 9900:0:305 9901:5:306 9902:5:307 9903:5:306 9904:3:308 9951:10:309 9952:10:309 9953:10:309
0170-ftpd_rules.xml 11100:0:310 11101:5:311 11102:0:310 11103:0:310 11104:0:310 11105:0:310 11106:3:312 11107:5:313 11108:5:314 11109:10:315 11110:3:316 11111:9:317 11112:5:318 11113:5:318
0175-proftpd_rules.xml 11200:0:319 11201:3:320 11202:0:319 11203:5:321 11204:5:322 11205:3:323 11206:5:324 11207:5:324 11208:4:319 11209:14:325 11210:10:326 11211:4:319 11212:5:319 11213:3:327 11214:3:328 11215:3:328 11216:3:328 11217:3:319 11218:12:329 11219:12:330 11220:4:319 11221:0:319 11222:4:319 11251:10:331 11252:10:332 11253:10:333
0180-pure-ftpd_rules.xml 11300:0:334 11301:3:335 11302:5:336 11303:0:337 11304:0:334 11305:5:338 11306:10:339 11307:10:340 11309:3:341 11310:0:334 11311:0:334 11312:0:334
0185-vsftpd_rules.xml 11400:0:342 11401:3:343 11402:3:344 11403:5:345 11404:0:342 11451:10:346 11452:10:347
0190-ms_ftpd_rules.xml 11500:0:348 11501:3:349 11502:5:350 11503:3:351 11504:4:348 11510:10:352 11511:10:353 11512:10:354
0195-named_rules.xml 12100:0:355 12101:12:356 12102:9:357 12103:4:358 12104:4:359 12105:4:355 12106:4:360 12107:0:361 12108:5:362 12109:12:363 12110:8:364 12111:8:360 12112:4:365 12113:0:366 12114:1:355 12115:0:355 12116:1:365 12117:1:366 12118:1:355 12119:3:355 12120:1:355 12121:1:355 12122:1:355 12123:0:366 12125:3:365 12126:0:366 12127:1:355 12128:1:355 12129:4:366 12130:2:366 12131:2:366 12132:0:355 12133:4:367 12134:4:367 12135:0:355 12136:4:366 12137:0:355 12138:0:355 12139:3:355 12140:2:355 12141:1:355 12142:0:355 12143:0:355 12144:9:368 12145:1:369 12146:0:355 12147:0:355 12148:0:355 12149:10:370
0200-smbd_rules.xml 13100:0:371 13101:0:371 13102:5:372 13103:0:371 13104:5:373 13105:3:371 13106:0:371 13108:1:374 13109:1:374 13110:3:375 13111:3:371 13112:3:376
0205-racoon_rules.xml 14100:0:377 14101:5:378 14110:0:377 14111:4:377 14112:4:377 14120:3:379 14121:0:377 14122:0:377 14123:0:377 14151:9:380
0210-vpn_concentrator_rules.xml 14200:0:381 14201:3:382 14202:5:383 14203:4:382 14251:10:384
0215-policy_rules.xml 17101:9:385 17102:9:386
0220-msauth_rules.xml 18100:0:5 18101:0:5 18102:0:387 18103:5:388 18104:0:389 18105:4:390 18106:5:391 18107:3:392 18108:4:393 18109:3:394 18110:8:395 18111:8:396 18112:8:395 18113:8:397 18114:5:398 18115:8:395 18116:9:399 18117:7:400 18118:9:401 18119:3:392 18120:0:5 18125:5:402 18126:3:403 18127:5:396 18128:8:396 18129:8:404 18130:5:391 18131:5:405 18132:5:406 18133:5:407 18134:7:408 18135:5:409 18136:5:410 18137:5:391 18138:7:411 18139:5:391 18140:5:412 18141:7:413 18142:5:414 18143:8:395 18144:8:395 18145:3:415 18146:5:416 18147:5:416 18148:3:5 18149:3:417 18200:5:418 18201:5:419 18202:5:418 18203:5:398 18204:5:398 18205:5:419 18206:5:418 18207:5:398 18208:5:398 18209:5:419 18210:5:398 18211:5:398 18212:5:418 18213:5:398 18214:5:398 18215:5:398 18216:5:419 18217:12:398 18218:5:398 18219:12:398 18220:5:398 18221:5:398 18222:12:398 18223:5:398 18224:0:5 18225:12:398 18226:5:398 18227:12:398 18228:10:398 18229:12:398 18230:12:398 18231:10:398 18232:10:398 18233:5:398 18234:12:398 18235:10:398 18236:10:398 18237:10:398 18238:8:398 18239:12:398 18240:10:398 18241:8:398 18242:10:398 18243:10:398 18244:10:398 18245:8:398 18246:8:398 18247:8:398 18248:8:398 18249:8:398 18250:12:398 18251:12:398 18252:12:398 18253:10:398 18254:10:398 18255:10:398 18256:10:398 18257:3:392 18270:0:5 18258:5:391 18259:3:5 18121:0:420 18170:10:421 18171:10:421 18172:7:421 18180:5:391 18181:3:392 18260:3:420 18261:0:420 18151:10:422 18153:10:390 18154:10:5 18155:10:5 18156:10:423 18157:10:424 18158:5:425 18159:5:426 18160:5:426
0225-mcafee_av_rules.xml 7500:0:427 7501:2:428 7502:3:429 7503:4:430 7504:12:431 7505:7:431 7506:7:431 7507:3:432 7508:3:432 7509:5:432 7510:5:432 7511:3:433 7512:7:434 7513:7:434 7514:5:427 7550:10:435
0230-ms-se_rules.xml 7701:0:436 7702:0:437 7703:5:438 7704:0:436 7705:12:439 7706:7:439 7707:7:439 7708:7:439 7709:3:440 7710:9:441 7711:9:441 7712:8:436 7713:8:442 7714:8:441 7715:8:441 7716:7:443 7717:5:441 7718:5:436 7719:10:444 7720:10:445
0235-vmware_rules.xml 19100:0:446 19101:0:446 19102:8:447 19103:4:448 19104:3:449 19105:0:446 19106:0:446 19107:0:446 19110:3:450 19111:5:451 19112:3:450 19113:3:451 19120:8:452 19121:3:453 19122:3:453 19123:5:454 19150:10:455 19151:10:456 19152:10:457 19153:10:457
0240-ids_rules.xml 20100:8:458 20101:6:2 20102:0:2 20103:0:2 20152:10:459 20151:10:459 20161:11:460 20162:11:460
0245-web_rules.xml 31100:0:461 31108:0:461 31101:5:462 31102:0:461 31103:7:463 31104:6:464 31105:6:465 31106:6:462 31110:6:462 31109:6:464 31107:0:461 31115:13:466 31120:5:461 31121:4:461 31122:5:467 31123:4:461 31140:0:461 31141:0:461 31151:10:468 31152:10:463 31153:10:462 31154:10:465 31161:10:468 31162:10:469 31163:10:470 31164:6:471 31165:6:471 31166:6:472 31167:6:472 31168:15:472 31169:15:472 31170:6:473 31171:6:473
0250-apache_rules.xml 30100:0:474 30101:0:474 30102:0:474 30103:0:474 30104:12:475 30105:5:476 30106:5:476 30107:6:477 30108:5:478 30109:9:479 30110:5:478 30112:0:480 30115:5:481 30116:10:482 30117:10:483 30118:6:484 30119:12:485 30120:12:486 30200:6:487 30201:6:484 30202:10:485 30301:0:474 30302:0:474 30303:0:474 30304:12:488 30305:5:476 30306:5:476 30307:6:477 30308:5:478 30309:5:489 30310:10:490 30312:0:491 30315:5:483 30316:10:482 30317:10:483 30318:5:474 30401:0:487 30402:0:492 30403:0:493 30411:7:493
0255-zeus_rules.xml 31200:0:494 31201:0:494 31202:4:495 31203:9:496 31204:12:497 31205:8:498 31206:0:495 31251:10:499
0260-nginx_rules.xml 31300:0:500 31301:3:500 31302:3:500 31303:5:500 31310:0:500 31311:0:501 31312:0:502 31315:5:503 31316:10:504 31317:0:500 31320:10:505 31330:0:506 31331:0:507 31332:0:508 31333:7:508 31334:3:509 31335:7:510
0265-php_rules.xml 31401:0:511 31402:0:512 31403:0:513 31404:0:511 31405:0:512 31406:0:513 31410:3:511 31411:6:514 31412:5:515 31413:5:516 31420:5:511 31421:5:513 31430:5:513
0270-web_appsec_rules.xml 31501:6:517 31502:6:517 31503:6:518 31504:6:518 31505:6:518 31506:6:519 31507:6:520 31508:6:517 31509:3:521 31510:8:521 31511:0:517 31512:6:517 31513:6:517 31514:6:517 31515:6:517 31516:6:517 31530:3:522 31531:0:522 31533:10:517 31550:6:517
0275-squid_rules.xml 35000:0:4 35002:4:4 35003:5:4 35004:5:523 35005:5:524 35006:5:524 35007:5:523 35008:5:4 35009:5:525 35010:4:525 35021:6:526 35022:6:526 35023:0:4 35051:10:527 35052:10:528 35053:10:529 35054:12:530 35055:10:527 35056:12:531 35057:10:532 35058:10:532 35095:0:4
0280-attack_rules.xml 40101:12:533 40102:14:534 40103:14:534 40104:13:534 40105:12:535 40106:12:534 40107:14:534 40109:12:534 40111:10:536 40112:12:537 40113:12:538 40501:15:539 40601:10:540
0285-systemd_rules.xml 40700:0:541 40701:0:541 40702:2:542 40703:5:542 40704:5:542 40705:5:542
0290-firewalld_rules.xml 40900:0:543 40901:1:544 40902:3:544 40903:2:544
0295-mysql_rules.xml 50100:0:545 50105:3:546 50106:9:547 50107:0:545 50108:3:548 50120:12:549 50121:3:550 50125:5:551 50126:12:552 50180:10:553 50181:5:551 50182:12:554 50183:10:555
0300-postgresql_rules.xml 50500:0:556 50501:0:556 50502:0:556 50503:4:556 50504:5:557 50505:0:556 50510:0:556 50511:3:558 50512:9:559 50520:12:560 50521:12:560 50580:10:561 50581:10:561
0305-dropbear_rules.xml 51000:0:562 51001:1:562 51002:1:562 51003:5:563 51093:5:563 51005:0:564 51006:2:565 51007:10:566 51008:1:567 51009:0:568 51010:0:568 51011:10:566
0310-openbsd_rules.xml 51500:0:569 51501:1:569 51502:0:569 51503:1:569 51504:1:569 51505:5:570 51506:1:571 51507:1:569 51508:2:569 51509:1:569 51510:5:572 51511:1:573 51512:1:569 51513:1:569 51514:3:574 51515:0:569 51516:0:574 51518:3:574 51519:1:574 51520:1:574 51521:0:575 51522:2:576 51523:0:569 51524:4:569 51525:0:569 51526:0:570 51527:0:569 51528:0:577 51529:0:578 51530:0:579 51531:3:580 51532:0:569 51533:1:569 51534:1:569 51535:1:569 51536:1:569 51550:0:581 51551:1:581 51552:2:582 51553:5:582 51554:5:581 51555:1:581 51556:2:583 51557:5:582
0315-apparmor_rules.xml 52000:3:584 52001:0:584 52002:3:584 52003:5:585 52004:4:585
0320-clam_av_rules.xml 52500:0:586 52501:0:586 52502:8:587 52503:10:588 52504:7:589 52505:3:590 52506:3:591 52507:3:591 52508:3:591 52509:0:592 52510:6:593 52511:10:587
0325-opensmtpd_rules.xml 53500:0:594 53501:3:594 53502:0:594 53503:0:594 53504:0:594 53505:0:594 53506:2:594 53507:2:594 53508:5:595
0330-sysmon_rules.xml 184665:0:596 185000:0:597 185001:0:598 185002:0:599 185003:0:600 185004:0:601 185005:0:602 185006:0:603 185007:0:604 185008:0:605 185009:0:606 185010:0:607 185011:0:608 185012:0:609 185013:0:610 184666:12:611 184667:0:612 184676:12:611 184677:0:612 184678:12:611 184686:12:611 184687:0:612 184696:12:611 184697:0:612 184698:12:611 184706:12:611 184707:0:612 184716:12:611 184717:0:612 184726:12:611 184727:0:612 184736:12:611 184737:0:612 184746:12:611 184747:0:612 184766:12:611 184767:0:612 184776:12:611 184777:0:612
0335-unbound_rules.xml 500000:0:613 500001:1:613 500002:0:613 500100:2:613 500101:0:613 500102:0:613
0340-puppet_rules.xml 80000:0:614 80001:0:615 80002:5:616 80003:5:616 80004:5:617 80005:0:618 80006:7:619 80007:5:619 80008:4:619 80009:0:618 80010:2:618 80050:5:616 80051:5:616 80052:2:618 80053:0:618 80054:4:620 80055:4:620 80056:5:620 80057:5:620 80058:10:619 80059:4:619 80070:0:621 80071:0:621 80072:2:621 80073:2:621 80090:0:618 80091:0:618 80092:5:618
0345-netscaler_rules.xml 80100:0:622 80101:5:623 80102:10:624 80103:2:625 80104:4:626 80105:10:627 80106:10:628 80107:3:629 80108:3:630 80109:2:631 80110:2:631 80111:5:632 80112:10:633 80113:5:632 80114:10:633 80115:5:634 80116:5:634 80117:2:635 80118:2:635 80119:2:635 80120:2:635 80121:2:635 80122:2:635 80123:2:635 80124:2:635 80125:5:636 80126:5:636 80127:3:637 80128:5:638 80129:4:639 80130:2:640 80131:2:641 80132:2:642 80133:2:643 80134:3:644 80135:3:645 80136:5:646 80137:10:647 80138:3:648 80139:6:649 80140:10:650
0350-amazon_rules.xml 80200:0:651 80202:3:652 80203:4:653 80250:5:654 80251:3:652 80252:10:652 80253:3:655 80254:5:656 80255:10:657 80300:0:658 80301:3:658 80302:6:658 80303:10:658 80305:3:658 80306:6:658 80307:10:658 80325:0:659 80326:3:659 80327:3:659 80328:5:659 80350:0:660 80351:4:660 80352:6:660 80353:8:660 80360:0:661 80361:3:661 80362:2:661 80363:0:661 80364:3:661 80365:0:661 80366:2:661 80367:5:661 80368:5:661 80369:10:661 80370:5:661 80371:10:661 80400:0:662 80401:3:662 80402:4:662 80440:0:663 80441:0:664 80442:3:665 80443:10:651 80450:0:666 80451:0:667 80452:0:668 80453:0:667 80454:3:667 80455:3:667 80456:3:667 80457:3:667 80475:3:668 80476:6:669 80480:0:670 80481:5:670 80482:4:670 80483:3:670 80490:0:671 80491:3:671 80492:3:671 80493:0:671 80494:0:671 80495:0:672 80496:10:672 80497:7:672 80498:4:672 80499:3:672
0360-serv-u_rules.xml 80500:0:673 80501:1:673 80502:1:673 80503:3:674 80504:3:675 80505:5:676 80506:10:677 80507:0:678 80508:0:675 80509:3:679 80510:1:673 80511:0:680 80512:0:680 80513:3:680 80514:0:680 80515:0:680 80516:3:680 80517:4:673 80518:0:681 80519:0:681 80520:0:681 80521:2:682 80522:4:683 80523:4:683 80524:4:683
0365-auditd_rules.xml 80700:0:684 80701:1:685 80702:10:686 80703:10:686 80704:10:686 80705:3:687 80710:10:688 80711:10:688 80712:10:688 80713:7:689 80714:8:690 80715:8:690 80716:8:690 80717:8:690 80718:3:691 80719:3:691 80720:3:691 80721:10:692 80722:5:693 80723:5:694 80724:5:695 80725:4:695 80726:5:695 80730:3:696 80731:10:697 80732:10:698 80740:12:699 80741:5:700 80742:5:700 80780:3:701 80781:3:701 80782:3:701 80783:3:702 80784:3:702 80785:3:702 80786:3:703 80787:3:703 80788:3:703 80789:3:704 80790:3:705 80791:3:706 80792:3:707 80793:8:707 80794:8:707
0375-usb_rules.xml 81100:0:708 81101:3:709 81102:3:708
0380-redis_rules.xml 81300:0:710 81301:1:710 81302:1:710 81303:3:710 81304:3:710 81305:3:710
0385-oscap_rules.xml 81400:0:711 81401:0:712 81402:0:712 81403:0:712 81501:7:713 81502:7:713 81503:7:713 81504:7:713 81505:7:713 81506:7:713 81507:7:713 81508:7:713 81509:7:713 81520:0:714 81521:0:714 81522:0:714 81523:0:714 81524:0:714 81525:1:714 81526:3:714 81527:3:714 81528:0:714 81529:5:714 81530:7:714 81531:9:714 81540:3:715 81541:4:715 81542:5:715 81543:7:715 81544:9:715 81550:0:714 81551:0:714 81552:7:714 81560:3:715 81561:4:715 81562:5:715 81563:7:715 81564:9:715
0390-fortiddos_rules.xml 44400:0:716 44401:0:717 44402:0:717 44403:0:717 44404:0:717 44405:5:717 44406:5:717 44407:5:717 44408:5:717 44409:5:717 44410:5:717 44411:5:717 44412:5:717 44413:5:717 44414:5:717 44415:5:717 44416:5:717 44417:5:717 44418:5:717 44419:5:717 44420:5:717 44421:5:717 44422:5:717 44423:5:717 44424:5:717 44425:5:717 44426:5:717 44427:5:717 44428:5:717 44429:5:717 44430:5:717 44431:5:717 44432:5:717 44433:5:717 44434:5:717 44435:5:717 44436:5:717 44437:5:717 44438:5:717 44439:5:717 44440:5:717 44441:5:717 44442:5:717 44443:5:717 44444:5:717 44445:5:717 44446:5:717 44447:5:717 44448:5:717 44449:5:717 44450:5:717 44451:5:717 44452:5:717 44453:5:717 44454:5:717 44455:5:717 44456:5:717 44457:5:717 44458:5:717 44459:5:717 44460:5:717 44461:5:717 44462:5:717 44463:5:717 44464:5:717 44465:5:717 44466:5:717 44467:5:717 44468:5:717 44469:5:717 44470:5:717 44471:5:717 44472:5:717 44473:5:717 44474:5:717 44475:5:717 44476:5:717 44477:5:717 44478:5:717 44479:5:717 44480:5:717 44481:5:717 44482:5:717 44483:5:717 44484:5:717 44485:5:717 44486:5:717 44487:5:717 44488:5:717 44489:5:717 44490:5:717 44491:5:717 44492:5:717 44493:5:717 44494:5:717 44495:5:717 44496:5:717 44497:5:717 44498:5:717 44499:5:717 44500:5:717 44501:5:717 44502:5:717 44503:5:717
0391-fortigate_rules.xml 81600:0:718 81601:0:718 81602:0:718 81641:0:718 81603:0:718 81604:4:719 81605:7:720 81606:4:721 81607:7:722 81608:7:723 81609:8:724 81610:4:725 81611:7:725 81612:3:726 81613:4:726 81614:4:727 81615:7:728 81616:4:729 81617:7:730 81618:1:725 81619:3:725 81620:3:731 81621:3:732 81622:3:733 81623:4:733 81624:3:730 81625:4:730 81626:3:734 81627:4:735 81628:11:736 81629:6:736 81630:3:736 81631:3:737 81632:4:738 81633:3:725 81634:5:731 81635:3:732 81636:1:718 81637:1:718 81638:6:725 81639:6:731 81640:1:718 81642:3:718 81643:7:718 81644:6:718 81645:5:718 81646:5:718 44600:0:718 44601:10:718 44602:10:718 44603:7:718 44604:5:718 44605:7:718 44606:10:718 44607:7:718 44608:10:718 44609:7:718 44610:7:718 44611:5:718 44612:7:718 44613:5:718 44614:5:718 44615:5:718 44616:5:718 44617:7:718 44618:5:718 44619:5:718 44620:7:718 44621:7:718 44622:0:718 44623:7:718 44624:10:718 44625:5:718 44626:5:718 44627:0:718 44628:10:718 44629:7:718 44630:3:718 44631:5:718
0392-fortimail_rules.xml 44640:0:739 44641:0:739 44642:3:739 44643:5:739 44644:7:739 44645:10:739 44646:13:739 44647:7:739 44648:5:739 44649:3:739 44650:3:739 44651:5:739 44652:3:739 44653:3:739 44654:3:739 44655:3:739 44656:3:739 44657:3:739 44658:3:739 44659:3:739 44660:3:739 44661:3:739 44662:3:739 44663:3:739 44664:3:739 44665:3:739 44666:3:739 44667:3:739 44668:3:739 44669:3:739 44670:3:739 44671:3:739 44672:3:739 44673:3:739 44674:3:739 44675:3:739 44676:3:739 44677:3:739 44678:3:739 44679:3:739 44680:3:739 44681:3:739 44682:3:739 44683:3:739 44684:3:739 44685:3:739 44686:3:739 44687:3:739 44688:3:739 44689:3:739 44690:3:739 44691:3:739 44692:0:739 44693:3:739 44694:3:739 44695:3:739 44696:3:739 44697:3:739 44698:0:739 44699:5:739 44700:5:739 44701:5:739 44702:5:739 44703:5:739 44704:5:739 44705:5:739 44706:3:739 44707:3:739 44708:3:739 44709:3:739 44710:3:739 44711:3:739 44712:3:739 44713:3:739 44714:3:739 44715:3:739 44716:3:739 44717:3:739 44718:3:739 44719:3:739 44720:3:739 44721:3:739
0393-fortiauth_rules.xml 44730:0:740 44731:0:741 44732:4:740 44733:7:742 44734:3:743 44735:4:740
0395-hp_rules.xml 81700:0:744 81701:7:745 81702:6:746 81703:5:747 81704:4:748 81705:3:749 81706:1:750 81707:0:751 81708:0:752 81709:4:753 81710:10:754
0400-openvpn_rules.xml 81800:0:755 81801:3:756 81802:3:755 81803:4:757 81804:4:758 81805:5:759 81806:5:759
0405-rsa-auth-manager_rules.xml 81900:0:760 81901:2:760 81902:4:761 81903:5:762 81904:10:763
0410-imperva_rules.xml 82000:0:764 82001:4:764
0415-sophos_rules.xml 82100:0:765 82101:3:765 82102:3:765 82103:3:765 82104:3:765 82105:3:766 64270:0:765 64271:3:765 64272:6:765 64273:6:765 64274:0:765 64275:3:765
0420-freeipa_rules.xml 82200:0:767 82201:0:767 82202:0:767 82203:4:768
0425-cisco-estreamer_rules.xml 82400:0:769 82401:5:770 82402:5:770 82403:5:770 82404:5:771 82405:9:772
0430-ms_wdefender_rules.xml 83000:0:773 83001:12:774 83002:7:774
0435-ms_logs_rules.xml 83200:5:775 83201:5:776 83202:5:777
0440-ms_sqlserver_rules.xml 85000:0:778 85001:3:778 85002:3:779 85003:3:780 85004:5:781 85005:7:782 85006:10:783 85007:3:779 85008:6:784 85009:3:785 85010:3:786
0445-identity_guard_rules.xml 85500:0:787 85501:7:788 85502:10:789
0450-mongodb_rules.xml 85750:0:790 85751:9:791 85752:5:790 85753:4:790 85754:0:790 85755:3:790 85756:3:790 85757:3:790 85758:3:792 85759:4:793 85760:10:794 85761:7:795
0455-docker_rules.xml 86000:0:796 86001:1:797 86002:1:798 86003:3:799 86004:3:800 86005:4:801 86006:4:802
0460-jenkins_rules.xml 86250:0:803 86251:1:804 86252:1:805 86253:3:806 86254:3:804 86255:3:804
0470-vshell_rules.xml 86800:0:807 86801:3:808 86802:5:809 86803:7:810 86804:10:811 86805:3:812 86806:12:813 86807:12:813
0475-suricata_rules.xml 86600:0:814 86601:3:814 86602:0:814 86603:0:814 86604:0:814
0480-qualysguard_rules.xml 86900:0:815 86901:3:816 86902:7:816 86903:4:816 86904:8:816 86905:5:816 86906:10:816
0485-cylance_rules.xml 87000:0:817 87001:5:818 87002:4:817 87003:6:819 87004:3:817 87050:0:817 87051:3:817 87052:6:819 87053:4:817 87054:5:818
0490-virustotal_rules.xml 87100:0:820 87101:3:820 87102:3:821 87103:3:820 87104:3:820 87105:12:822 87106:3:821
0495-proxmox-ve_rules.xml 87200:0:823 87201:6:824 87202:10:825 87203:3:826
0500-owncloud_rules.xml 87300:0:827 87310:0:827 87301:6:828 87302:10:829 87303:6:830 87304:8:831 87305:4:827 87306:3:827 87307:0:827 87308:0:827
0505-vuls_rules.xml 22401:0:832 22402:7:833 22403:5:833 22404:7:834 22405:10:834 22406:13:834 22407:7:834
0510-ciscat_rules.xml 87401:0:835 87402:0:835 87403:0:835 87404:3:835 87405:3:835 87406:0:835 87407:0:835 87408:0:835 87409:0:835 87410:0:835 87411:0:835 87412:3:835 87413:3:835 87414:3:835 87415:3:835 87416:1:835 87417:1:835 87418:7:836 87419:7:836 87420:4:835 87421:4:835 87422:5:835 87423:5:835 87424:7:837 87425:7:837 87426:9:837 87427:9:837
0515-exim_rules.xml 87500:0:838 87501:0:838 87502:5:839 87503:10:840 87504:0:838 87505:1:838 87506:5:838 87507:6:838 87508:6:838
0520-vulnerability-detector_rules.xml 23501:0:841 23502:3:841 23503:5:841 23504:7:841 23505:10:841 23506:13:841 23507:3:841 23508:3:841
0525-openvas_rules.xml 87600:0:842 87601:6:843 87602:10:844 87603:3:845 87604:6:846 87605:4:842 87606:0:842 87607:0:842 87608:0:847 87609:6:848 87610:10:849 87611:6:850 87612:4:847 87613:0:847 87614:0:847
0530-mysql_audit_rules.xml 88000:0:851 88001:3:852 88002:3:853 88003:9:854 88004:3:855 88005:5:855 88006:3:855 88007:5:855 89050:0:851 89051:3:853 89052:3:853 89053:9:854 89054:3:855 89055:5:855 89056:3:855 89057:5:855
0535-mariadb_rules.xml 88100:0:856 88101:5:857 88102:3:856 88103:0:856
0540-pfsense_rules.xml 87700:0:858 87701:5:859 87702:10:860
0545-osquery_rules.xml 24000:3:861 24001:5:861 24002:3:861 24003:2:861 24010:3:861 24011:4:861 24012:4:861 24013:4:861 24014:4:861 24020:4:862 24021:4:862 24022:4:862 24023:4:862 24030:4:863 24031:4:863 24032:4:863 24033:4:863 24034:4:863 24035:4:863 24036:4:863 24037:4:863 24038:4:863 24039:4:863 24040:4:863 24041:4:863 24042:4:863 24043:4:863 24044:4:863 24045:4:863 24046:4:863 24047:4:863 24048:4:863 24049:4:863 24050:4:863 24051:4:863 24052:4:863 24053:4:863 24054:4:863 24055:4:863 24056:4:863 24057:4:863 24058:4:863 24059:4:863 24060:4:863 24061:4:863 24062:4:863 24063:4:863 24064:4:863 24065:4:863 24066:4:863 24100:4:864 24101:4:864 24102:4:864 24103:4:864 24104:4:864 24105:4:864 24106:4:864 24107:4:864 24108:4:864 24109:4:864 24110:4:864 24111:4:864 24112:4:864 24113:4:864 24114:4:864 24115:4:864 24116:4:864 24117:4:864 24118:4:864 24119:4:864 24120:4:864 24121:4:864 24122:4:864 24123:4:864 24124:4:864 24125:4:864 24126:4:864 24127:4:864 24128:4:864 24129:4:864 24130:4:864 24131:4:864 24132:4:864 24133:4:864 24134:4:864 24135:4:864 24136:4:864 24137:4:864 24138:4:864 24200:4:865 24201:4:865 24202:4:865 24203:4:865 24204:4:865 24205:4:865 24206:4:865 24207:4:865 24208:4:865 24209:4:865 24210:4:865 24211:4:865 24212:4:865 24213:4:865 24214:4:865 24215:4:865 24216:4:865 24217:4:865 24218:4:865 24300:4:866 24301:4:866 24302:4:866 24303:4:866 24304:4:866 24305:4:866 24306:4:866 24307:4:866 24308:4:866 24309:4:866 24310:4:866 24311:4:866 24312:4:866 24313:4:866 24314:4:866 24315:4:866 24316:4:866 24317:4:866 24318:4:866 24319:4:866 24400:4:867 24401:4:867 24402:4:867 24403:4:867 24404:4:867 24405:4:867 24406:4:867 24407:4:867 24408:4:867 24409:4:867 24410:4:867 24411:4:867 24412:4:867 24413:4:867 24414:4:867 24415:4:867 24416:4:867 24500:4:868 24600:4:869 24700:4:870 24701:4:870 24702:4:870 24703:4:870 24704:4:870 24705:4:870 24706:4:870 24707:4:870 24708:4:870 24709:4:870 24710:4:870 24711:4:870 24712:4:870 24713:4:870 24714:4:870 24800:4:861 24801:4:871 24802:4:871 24803:4:871 24804:4:871 24805:4:871 24806:4:871 24807:4:871 24808:4:871 24809:4:871 24810:4:871 24811:4:871
0550-kaspersky_rules.xml 17000:3:872
0555-azure_rules.xml 87801:3:873 87802:3:873 87803:3:873 87804:3:873 87810:3:873 87811:3:873 87813:3:873
0560-docker_integration_rules.xml 87900:0:796 87901:3:874 87902:5:875 87903:3:796 87904:3:796 87905:3:796 87906:3:796 87907:3:876 87908:5:877 87909:3:796 87910:3:876 87911:3:876 87912:0:796 87913:3:874 87914:7:875 87915:3:874 87916:5:875 87917:3:874 87918:3:796 87919:3:796 87920:3:877 87921:7:875 87922:3:796 87923:5:877 87924:7:876 87925:3:878 87926:3:796 87927:0:796 87928:3:796 87929:4:796 87930:3:874 87931:5:875 87932:3:874 87933:3:796 87934:3:796 87935:3:879 87936:0:796 87937:3:874 87938:5:875 87939:0:796 87940:3:874 87941:3:875 87942:0:796 87943:3:874 87944:3:796 87945:3:796 87946:3:875 87947:3:874 87948:0:796 87949:3:874 87950:3:878 87951:3:879 87952:3:796 87953:3:874 87954:0:796 87955:3:874 87956:3:878 87957:5:875 87958:3:874
0565-ms_ipsec_rules.xml 18651:8:880 18652:8:880 18653:8:880 18654:8:880 18655:4:880 18656:8:880 18657:8:880 18658:4:880 18659:7:880 18660:7:880 18661:7:880 18662:8:880 18663:8:880 18664:8:880 18665:8:880 18666:8:880 18667:8:880 18668:8:880
0570-sca_rules.xml 19000:0:881 19001:3:881 19002:4:881 19003:5:881 19004:7:881 19005:9:881 19006:0:881 19007:7:881 19008:3:881 19009:3:881 19010:3:881 19011:9:881 19012:5:881 19013:5:881 19014:9:881 19015:3:881
0575-win-base_rules.xml 60000:0:5 60001:0:5 60002:0:5 60003:0:5 60004:0:5 60005:0:5 60016:0:5 60006:0:5 60017:0:5 60007:0:5 60008:0:5 60018:0:5 60009:0:5 60010:0:387 60011:5:882 60012:10:882 60013:8:5 60014:10:5 60015:12:5
0580-win-security_rules.xml 60100:0:883 60101:0:884 60102:5:885 60103:0:883 60104:5:886 60105:5:887 60106:3:888 60107:4:889 60108:3:890 60109:8:891 60110:8:892 60111:8:891 60112:8:893 60113:5:894 60114:8:891 60115:9:895 60116:7:896 60117:9:897 60118:3:888 60119:3:888 60120:0:883 60121:5:892 60122:5:887 60123:5:898 60124:5:899 60125:5:900 60126:7:901 60127:5:902 60128:5:903 60129:5:887 60130:7:904 60131:5:887 60132:5:905 60133:5:906 60134:8:891 60135:8:891 60136:3:883 60137:3:907 60138:5:908 60139:5:909 60140:5:908 60141:5:894 60142:5:894 60143:5:908 60144:5:894 60145:5:894 60146:5:909 60147:5:894 60148:5:894 60149:5:908 60150:5:894 60151:5:894 60152:5:894 60153:5:909 60154:12:894 60155:5:894 60156:12:894 60157:5:894 60158:5:894 60159:12:894 60160:5:894 60161:0:883 60162:12:894 60163:5:894 60164:12:894 60165:10:894 60166:12:894 60167:12:894 60168:10:894 60169:10:894 60170:5:894 60171:12:894 60172:10:894 60173:10:894 60174:10:894 60175:8:894 60176:12:894 60177:10:894 60178:8:894 60179:10:894 60180:10:894 60181:10:894 60182:8:894 60183:8:894 60184:8:894 60185:8:894 60186:8:894 60187:12:894 60188:12:894 60189:12:894 60190:10:894 60191:10:894 60192:10:894 60193:10:894 60194:0:910 60195:10:911 60196:10:911 60197:7:911 60200:3:910 60201:0:912 60202:5:909 60203:10:913 60204:10:914 60205:10:886 60206:10:883 60207:10:883 60208:8:915 60209:8:915 60210:8:915 60211:8:915 60212:4:915 60213:8:915 60214:8:915 60215:4:915 60216:7:915 60217:7:915 60218:7:915 60219:8:915 60220:8:915 60221:8:915 60222:8:915 60223:8:915 60224:8:915 60225:8:915 60227:8:915 60228:4:915 60229:4:915 60230:4:915 60231:4:915 60232:0:916
0585-win-application_rules.xml 60600:0:917 60601:0:918 60602:9:919 60603:5:920 60604:5:921 60605:5:921 60606:5:921 60607:3:917 60608:4:917 60609:0:917 60610:3:917 60611:3:917 60612:3:917 60613:5:917 60614:5:917 60615:5:917 60616:3:917 60617:4:917 60618:5:917 60619:5:917 60620:5:917 60621:5:917 60622:5:917 60623:5:917 60624:3:917 60625:5:917 60626:3:917 60627:5:917 60628:5:917 60629:7:917 60630:3:917 60631:5:917 60632:3:917 60633:5:917 60634:3:917 60635:3:917 60636:3:917 60637:3:917 60638:0:917 60639:3:917 60640:0:917 60641:5:917 60642:3:917 60643:3:917 60644:3:917 60645:3:917 60646:5:917 60647:4:917 60648:0:917 60649:5:917 60650:5:917 60651:5:917 60652:9:917 60653:7:917 60654:5:917 60655:3:917 60656:7:917 60657:5:917 60658:5:917 60659:5:917 60660:5:917 60661:5:917 60662:5:917 60663:5:917 60664:5:917 60665:5:917 60666:5:917 60667:5:917 60668:3:917 60669:3:917 60670:3:917 60671:3:917 60672:5:917 60673:3:921 60674:3:921 60675:0:917 60676:3:917 60677:5:917 60678:5:917 60679:5:917 60680:5:917 60681:3:917 60682:4:917 60683:7:917 60684:3:917 60685:3:917 60686:3:917 60687:5:917 60688:5:917 60689:5:917 60690:4:917 60691:5:917 60692:5:917 60693:5:917 60694:5:917 60695:5:917 60696:5:917 60697:5:917 60698:5:917 60699:3:917 60700:5:917 60701:5:917 60702:5:917 60703:3:917 60704:5:917 60705:5:917 60706:5:917 60707:5:917 60708:5:917 60709:4:917 60710:5:917 60711:5:917 60712:5:917 60713:5:917 60714:5:917 60715:0:917 60716:4:917 60717:5:917 60718:3:917 60719:3:917 60720:3:917 60721:3:917 60722:3:917 60723:0:917 60724:5:917 60725:5:917 60726:0:917 60727:5:917 60728:5:917 60729:5:917 60730:5:917 60731:5:917 60732:5:917 60733:5:917 60734:5:917 60735:5:917 60736:5:917 60737:5:917 60738:5:917 60739:5:917 60740:3:917 60741:5:917 60742:5:917 60743:5:917 60744:5:917 60745:5:917 60746:5:917 60747:3:917 60748:3:917 60749:0:917 60750:3:917 60751:5:917 60752:5:917 60753:5:917 60754:5:917 60755:5:917 60756:5:917 60757:5:917 60758:5:917 60759:9:917 60760:5:917 60761:5:917 60762:5:917 60763:5:917 60764:5:917 60765:5:917 60766:5:917 60767:5:917 60768:5:917 60769:5:917 60770:0:917 60771:5:917 60772:5:917 60773:5:917 60774:0:917 60775:5:917 60776:7:917 60777:3:917 60778:5:917 60779:5:917 60780:5:917 60781:5:917 60782:5:917 60783:3:917 60784:5:917 60785:5:917 60786:5:917 60787:5:917 60788:9:917 60789:5:917 60790:4:917 60791:0:917 60792:5:917 60793:5:917 60794:3:917 60795:0:917 60796:5:917 60797:3:917 60798:3:917 60799:5:917 60800:5:917 60801:5:917 60802:5:917 60803:3:917 60804:5:917 60805:3:917 60806:3:917 60807:3:917 60808:3:917 60809:3:917 60810:5:917 60811:5:917 60812:5:917 60813:5:917 60814:5:917 60815:5:917 60816:5:917 60817:3:917 60818:5:917 60819:5:917 60820:3:917 60821:4:917 60822:5:917 60823:3:917 60824:0:917 60825:3:917 60826:5:917 60827:5:917 60828:3:917 60829:3:917 60830:3:917 60831:4:917 60832:3:917 60833:3:917 60834:3:917 60835:5:917 60836:5:917 60837:5:917 60838:0:917 60839:5:917 60840:5:917 60841:5:917 60842:5:917 60843:5:917 60844:9:917 60845:5:917 60846:3:917 60847:5:917 60848:5:917 60849:5:917 60850:5:917 60851:5:917 60852:5:917 60853:5:917 60854:5:917 60855:5:917 60856:5:917 60857:5:917 60858:5:917 60859:5:917 60860:4:917 60861:3:917 60862:5:917 60863:5:917 60864:5:917 60865:5:917 60866:5:917 60867:5:917 60868:4:917 60869:3:917 60870:5:917 60871:5:917 60872:3:917 60873:5:917 60874:5:917 60875:5:917 60876:7:917 60877:5:917 60878:5:917 60879:5:917 60880:5:917 60881:5:917 60882:5:917 60883:5:917 60884:5:917 60885:3:917 60886:5:917 60887:5:917 60888:5:917 60889:5:917 60890:5:917 60891:5:917 60892:5:917 60893:9:917 60894:5:917 60895:5:917 60896:5:917 60897:5:917 60898:5:917 60899:5:917 60900:5:917 60901:5:917 60902:5:917 60903:5:917 60904:8:917 60905:5:917 60906:5:917 60907:9:917 60908:5:917 60909:3:917 60910:3:917 60911:3:917 60912:5:917 60913:5:917 60914:5:917 60915:5:917 60916:5:917 60917:5:917 60918:5:917 60919:5:917 60920:5:917 60921:5:917 60922:9:917 60923:9:917 60924:5:917 60925:5:917 60926:5:917 60927:3:917 60928:5:917 60929:5:917 60930:4:917 60931:3:917 60932:5:917 60933:5:917 60934:5:917 60935:5:917 60936:4:917 60937:3:917 60938:5:917 60939:5:917 60940:5:917 60941:5:917 60942:5:917 60943:5:917 60944:5:917 60945:3:917 60946:5:917 60947:5:917 60948:5:917 60949:5:917 60950:5:917 60951:5:917 60952:5:917 60953:5:917 60954:5:917 60955:5:917 60956:5:917 60957:5:917 60958:3:917 60959:5:917 60960:5:917 60961:5:917 60962:5:917 60963:5:917 60964:5:917 60965:5:917 60966:5:917 60967:5:917 60968:5:917 60969:5:917 60970:5:917 60971:5:917 60972:5:917 60973:5:917 60974:3:917 60975:3:917 60976:5:917 60977:5:917 60978:5:917 60979:5:917 60980:5:917 60981:5:917 60982:5:917 60983:5:917 60984:5:917 60985:5:917 60986:5:917 60987:3:917 60988:9:917 60989:3:917 60990:3:917 60991:3:917 60992:3:917 60993:3:917 60994:5:917 60995:5:917 60996:5:917 60997:5:917 60998:3:917 60999:3:917 61000:3:917 61001:3:917 61002:3:917 61003:3:917 61004:3:917 61005:5:917 61006:3:917 61007:3:917 61008:3:917 61009:3:917 61010:3:917 61011:5:917 61012:5:917 61013:5:917 61014:5:917 61015:5:917 61016:0:917 61017:9:917 61018:5:917 61019:5:917 61020:5:917 61021:9:917 61022:5:917 61023:3:917 61024:3:917 61025:3:917 61026:0:917 61027:3:917 61028:5:917 61029:3:917 61030:5:917 61031:5:917 61032:3:917 61033:3:917 61034:3:917 61035:5:917 61036:0:917 61037:7:917 61038:5:917 61039:5:917 61040:4:917 61041:4:917 61042:5:917 61043:3:917 61044:5:917 61045:5:917 61046:5:917 61047:5:917 61048:5:917 61049:5:917 61050:3:917 61051:5:917 61052:5:917 61053:3:917 61054:0:917 61055:5:917 61056:5:917 61057:5:917 61058:5:917 61059:5:917 61060:5:917 61061:10:917 61062:10:917 61063:0:917 61064:5:917 61065:5:917 61066:5:917 61067:5:917 61068:5:917 61069:0:918 61070:0:918 61071:5:922 61072:3:923
0590-win-system_rules.xml 61100:0:924 61101:0:925 61102:5:926 61103:9:926 61104:3:927 61105:9:924 61106:5:924 61107:5:924 61108:5:924 61109:5:924 61110:10:924 61111:10:924 61112:12:924 61113:0:924 61114:5:924 61115:3:924 61116:3:924 61117:5:924 61118:5:924 61119:8:924 61120:5:924 61121:5:924 61122:5:924 61123:5:924 61124:5:924 61125:3:924 61126:10:924 61127:5:924 61128:5:924 61129:5:924 61130:8:924 61131:5:924 61132:10:924 61133:5:924 61134:5:924 61135:5:924 61136:5:924 61137:10:924 61138:5:924
0595-win-sysmon_rules.xml 61600:0:928 61601:0:929 61602:5:930 61603:0:931 61604:0:932 61605:0:933 61606:0:934 61607:0:935 61608:0:936 61609:0:937 61610:0:938 61611:0:939 61612:0:940 61613:0:941 61614:0:942 61615:0:943 61616:0:944 61617:0:945 61644:0:946 61645:0:947 61646:0:948 61647:0:949 61648:0:950 61649:0:951 61650:0:952 61651:0:953 61652:0:954 61653:0:955 61654:0:956 61655:0:957 61618:12:958 61619:0:959 61620:12:958 61621:0:959 61622:12:958 61623:12:958 61624:0:959 61625:12:958 61626:0:959 61627:12:958 61628:12:958 61629:0:959 61630:12:958 61631:0:959 61632:12:958 61633:0:959 61634:12:958 61635:0:959 61636:12:958 61637:0:959 61638:12:958 61639:0:959 61640:12:958 61641:0:959 61642:10:928 61643:10:928
0600-win-wdefender_rules.xml 62100:0:773 62101:0:960 62102:5:961 62103:10:962 62104:10:960 62105:14:960 62106:14:960 62107:3:963 62108:3:963 62109:5:963 62110:3:963 62111:3:963 62112:5:963 62113:14:964 62114:3:964 62115:5:964 62116:3:964 62117:5:964 62118:3:964 62119:5:964 62120:3:964 62121:5:964 62122:12:965 62123:12:965 62124:3:965 62125:8:965 62126:14:964 62127:3:965 62128:3:966 62129:2:967 62130:3:968 62131:5:968 62132:3:968 62133:5:968 62134:8:968 62135:8:968 62136:8:968 62137:2:968 62138:3:968 62139:3:968 62140:8:966 62141:3:966 62142:2:966 62143:5:966 62144:2:966 62145:5:966 62146:5:966 62147:8:968 62148:8:968 62149:10:968 62150:5:968 62151:3:969 62152:5:969 62153:3:970 62154:5:970 62155:12:970 62156:3:969 62157:10:969 62158:3:969 62159:10:969 62160:5:969 62161:8:969 62162:12:773 62163:12:971 62164:12:971 62165:12:971 62166:12:971 62167:12:971 62168:12:971 62169:12:971 62170:12:971 62171:12:971 62172:12:971 62173:12:971 62174:12:971 62175:12:971 62176:12:971 62177:12:971 62178:12:971 62179:12:971 62180:12:971 62181:12:971 62182:12:971 62183:12:971 62184:12:971 62185:12:971 62186:12:971 62187:12:971 62188:12:971 62189:12:971 62190:12:971 62191:12:971 62192:12:971 62193:12:971 62194:12:971 62195:12:971 62196:12:971 62197:12:971 62198:12:971 62199:12:971 62200:12:971 62201:12:971 62202:12:971 62203:12:971 62204:12:971 62205:12:971 62206:12:971 62207:12:971 62208:12:971 62209:12:971 62210:12:971 62211:12:971 62212:12:971
0601-win-vipre_rules.xml 90499:3:972 90500:5:972 90501:7:972 90502:3:972 90503:5:972 90504:3:972 90505:5:972 90506:5:972 90507:6:972 90508:3:972 90509:7:972 90510:5:972 90511:5:972 90512:4:972 90513:4:972 90514:3:972 90515:3:972 90516:4:972 90517:4:972 90518:5:972 90519:3:972 90520:4:972 90521:4:972 90522:4:972 90523:6:972 90524:4:972 90525:3:972 90526:3:972 90527:3:972 90528:3:972 90529:3:972 90530:3:972 90531:4:972 90532:4:972 90533:4:972 90534:5:972 90535:4:972 90536:4:972 90537:6:972 90538:4:972 90539:5:972 90540:3:972 90541:4:972 90542:4:972 90543:5:972 90544:5:972 90545:3:972 90546:5:972 90547:5:972 90548:3:972 90549:4:972 90550:5:972 90551:4:972 90552:4:972 90553:3:972 90554:5:972 90555:3:972 90556:5:972 90557:3:972 90558:5:972 90559:3:972 90560:5:972 90561:3:972 90562:5:972 90563:4:972 90564:5:972 90565:4:972
0602-win-wfirewall_rules.xml 67001:0:973 67002:0:973 67003:5:974 67004:7:973 67005:7:973 67006:7:973 67007:7:973 67008:7:973 67009:10:973 67010:10:974
0605-win-mcafee_rules.xml 62600:0:975 62601:0:976 62602:5:977 62603:2:975 62604:3:976 62605:4:978 62606:12:979 62607:7:979 62608:7:979 62609:3:980 62610:3:980 62611:5:980 62612:5:980 62613:3:981 62614:7:982 62615:7:982 62616:5:975 62617:10:983 62618:10:983
0610-win-ms_logs_rules.xml 63100:0:984 63101:0:985 63102:5:986 63108:0:984 63109:0:985 63110:5:986 63103:5:987 63104:5:988 63105:5:777 63106:10:984 63107:10:984
0615-win-ms-se_rules.xml 63600:0:436 63601:0:437 63602:5:989 63603:12:990 63604:7:990 63605:7:990 63606:7:990 63607:3:991 63608:9:992 63609:9:992 63610:8:436 63611:8:993 63612:8:992 63613:8:992 63614:7:994 63615:5:992 63616:5:436 63617:10:436 63618:10:436
0620-win-generic_rules.xml 64100:0:5 64101:5:402 64102:3:403 64103:8:404 64104:0:5 64105:3:392 64106:0:5 64107:5:391 64108:3:5 64109:10:423 64110:10:424
0625-cisco-asa_rules.xml 64000:0:995 64001:6:995 64002:5:995 64003:4:995 64004:3:995 64005:0:995 64006:0:995 64007:9:996 64008:3:997 64009:3:998 64010:9:996 64011:8:999 64012:8:1000 64013:8:999 64014:8:1001 64015:8:1001 64016:8:1001 64017:8:1002 64018:5:1003 64019:3:1004 64020:8:1005 64021:8:1006 64022:8:1006 64023:8:1007 64024:8:1007 64025:3:995 64026:3:995 64027:8:1008 64028:10:1009 64029:10:1010 64030:10:1011 64031:10:999 64032:10:1009 64033:10:1012
0625-mcafee_epo_rules.xml 65500:0:1013 65501:3:1013
0630-nextcloud_rules.xml 88200:0:1014 88201:0:1014 88212:6:1015 88202:1:1016 88203:10:1017 88204:3:1018 88205:8:1019 88206:7:1014 88207:3:1014 88208:2:1014 88209:1:1014 88210:3:1020 88211:3:1021 88213:3:1020 88214:3:1022 88215:3:1023 88216:3:1020
0635-owlh-zeek_rules.xml 66001:5:1024 66002:5:1024 66003:5:1024 66004:5:1024
0640-junos_rules.xml 67100:0:1025 67101:10:1025 67102:0:1026 67103:5:1026
0675-panda-paps_rules.xml 64200:0:1027 64201:7:1027 64202:4:1027 64203:4:1027 64204:12:1027 64205:14:1027 64206:7:1027 64207:7:1027 64208:7:1027
0680-checkpoint-smart1_rules.xml 64220:0:1028 64221:0:1028 64222:4:1028 64223:9:1028 64224:2:1028 64225:2:1028 64226:2:1028 64227:4:1028 64228:3:1028 64229:0:1028 64230:3:1028 64231:3:1028 64232:3:1028 64233:3:1028 64234:7:1028 64235:3:1028 64236:4:1028 64237:7:1028 64238:7:1028 64239:3:1028
0690-gcp_rules.xml 65000:0:1029 65001:0:1029 65002:0:1029 65003:0:1029 65004:2:1029 65005:5:1029 65006:3:1029 65007:7:1029 65008:9:1029 65009:11:1029 65010:12:1029 65011:2:1029 65012:5:1029 65013:3:1029 65014:7:1029 65015:9:1029 65016:11:1029 65017:12:1029 65018:10:1029 65019:5:1029 65020:12:1029 65021:5:1029 65022:5:1029 65023:5:1029 65024:10:1029 65025:10:1029 65026:10:1029 65027:10:1029 65028:7:1029 65029:5:1029 65030:10:1029 65031:7:1029 65032:7:1029 65033:7:1029 65034:7:1029 65035:7:1029 65036:7:1029 65037:7:1029 65038:7:1029 65051:3:1029 65052:3:1029 65053:3:1029 65054:3:1029 65055:3:1029 65056:3:1029 65057:3:1029 65058:3:1029 65059:3:1029 65060:3:1029 65061:3:1029 65062:3:1029 65063:3:1029 65064:3:1029 65065:3:1029 65066:3:1029 65067:3:1029 65068:3:1029 65069:3:1029 65070:3:1029 65071:3:1029 65072:3:1029 65073:3:1029 65039:0:1029 65040:2:1029 65041:5:1029 65042:3:1029 65043:7:1029 65044:9:1029 65045:11:1029 65046:12:1029 65047:3:1029 65048:5:1029 65049:3:1029 65050:2:1029 65074:2:1029 65075:2:1029
0695-f5_bigip_rules.xml 65260:0:1030 65261:9:1030 65262:13:1030 65263:9:1030 65264:9:1030 65265:13:1030 65266:13:1030 65267:11:1030 65268:10:1030 65269:6:1030 65270:10:1030 65271:2:1030 65272:4:1030 65273:5:1030 65274:9:1030 65275:10:1030 65276:10:1030 65277:12:1030 65278:10:1030 65279:13:1030 65280:12:1030 65281:12:1030 65282:12:1030 65283:12:1030 65284:10:1030 65285:9:1030 65286:12:1030 65287:7:1030 65288:7:1030 65289:3:1030 65290:2:1030 65291:3:1030 65292:7:1030 65293:0:1030 65296:12:1030 65294:12:1030 65295:13:1030 65297:12:1030 65298:2:1030 65299:2:1030 65300:2:1030 65301:4:1030 65302:7:1030
0700-paloalto_rules.xml 64500:0:1031 64501:2:1031 64502:3:1031 64503:5:1031 64504:11:1031 64505:0:1031 64506:2:1032 64507:2:1032 64508:6:1032
0705-sophos_fw_rules.xml 70020:0:1033 70021:5:1033 70022:3:1033 70023:3:1033 70024:3:1033 70025:3:1033 70026:7:1033 70027:5:1033 70028:3:1033 70029:5:1033 70030:3:1033
0715-freepbx_rules.xml 70000:0:1034 70001:5:1034 70002:5:1034 70005:3:1034 70006:3:1034 70007:3:1034 70008:3:1034
0750-github_rules.xml 91100:0:1035 91101:3:1036 91102:9:1036 91103:9:1036 91104:9:1036 91105:9:1036 91106:3:1037 91107:7:1037 91108:7:1037 91109:7:1037 91110:7:1037 91111:3:1038 91112:9:1038 91113:9:1038 91114:3:1039 91115:12:1039 91116:3:1039 91117:3:1040 91118:12:1040 91119:3:1040 91120:3:1041 91121:12:1041 91122:3:1041 91123:3:1042 91124:12:1042 91125:3:1042 91126:3:1043 91127:12:1043 91128:3:1043 91129:3:1044 91130:12:1044 91131:3:1044 91132:3:1045 91133:5:1045 91134:5:1045 91135:3:1046 91136:5:1046 91137:5:1046 91139:3:1047 91140:3:1047 91141:3:1047 91142:5:1047 91143:7:1047 91144:7:1047 91145:5:1047 91146:5:1047 91147:5:1047 91148:3:1047 91149:3:1048 91150:7:1048 91151:7:1048 91152:9:1048 91153:7:1048 91154:7:1048 91155:7:1048 91156:9:1048 91157:3:1049 91158:3:1049 91159:3:1049 91160:3:1049 91161:3:1050 91162:5:1050 91163:5:1050 91164:7:1050 91165:5:1050 91166:3:1051 91167:5:1051 91168:5:1051 91169:3:1052 91170:5:1052 91171:3:1052 91172:7:1052 91173:3:1053 91174:5:1053 91175:5:1053 91176:5:1053 91177:5:1053 91178:5:1053 91179:3:1054 91180:3:1054 91181:3:1054 91182:3:1055 91183:5:1055 91184:7:1055 91185:7:1055 91186:7:1055 91187:5:1055 91188:3:1056 91189:9:1056 91190:5:1056 91191:9:1056 91192:5:1056 91193:5:1056 91194:9:1056 91195:5:1056 91196:5:1056 91197:7:1056 91198:9:1056 91199:12:1056 91200:12:1056 91201:12:1056 91202:5:1056 91203:5:1056 91204:7:1056 91205:7:1056 91206:7:1056 91207:5:1056 91208:7:1056 91209:12:1056 91210:7:1056 91211:3:1056 91212:9:1056 91213:9:1056 91214:7:1056 91215:7:1056 91216:3:1056 91217:5:1056 91218:9:1056 91219:9:1056 91220:5:1056 91221:7:1056 91222:7:1056 91223:5:1056 91224:5:1056 91225:5:1056 91226:3:1056 91227:5:1056 91228:7:1056 91229:7:1056 91230:7:1056 91231:7:1056 91232:5:1056 91233:7:1056 91234:7:1056 91235:7:1056 91236:7:1056 91239:3:1057 91240:7:1057 91241:12:1057 91242:9:1057 91243:3:1058 91244:5:1058 91245:5:1058 91246:5:1058 91247:3:1059 91248:5:1059 91249:7:1059 91250:7:1059 91251:5:1059 91252:5:1059 91253:3:1060 91254:7:1060 91255:7:1060 91256:7:1060 91257:3:1061 91258:5:1061 91259:3:1062 91260:5:1062 91261:5:1062 91262:5:1062 91263:5:1062 91264:7:1062 91265:7:1062 91266:5:1062 91267:5:1062 91268:5:1062 91269:3:1063 91270:5:1063 91271:5:1063 91272:3:1064 91273:9:1064 91274:5:1064 91275:3:1065 91276:5:1065 91277:7:1065 91278:5:1065 91279:5:1065 91280:5:1065 91281:5:1065 91282:5:1065 91283:5:1065 91284:5:1065 91285:5:1065 91286:5:1065 91287:5:1065 91288:5:1065 91289:5:1065 91290:5:1065 91292:3:1066 91293:5:1066 91294:5:1066 91295:5:1066 91296:5:1066 91297:5:1066 91298:5:1066 91299:5:1066 91300:5:1066 91301:5:1066 91302:3:1067 91303:5:1067 91304:5:1067 91305:5:1067 91306:3:1068 91307:5:1068 91308:5:1068 91309:5:1068 91310:3:1069 91311:7:1069 91312:5:1069 91313:5:1069 91314:5:1069 91315:12:1069 91316:7:1069 91317:9:1069 91318:5:1069 91319:7:1069 91320:9:1069 91321:9:1069 91322:5:1069 91323:5:1069 91324:5:1069 91325:5:1069 91326:5:1069 91327:5:1069 91328:9:1069 91329:7:1069 91330:3:1069 91331:3:1069 91332:5:1069 91333:5:1069 91334:3:1069 91335:5:1069 91336:5:1069 91337:5:1069 91338:5:1069 91339:7:1069 91340:3:1070 91341:7:1070 91342:9:1070 91343:9:1070 91344:9:1070 91345:7:1070 91346:7:1070 91347:7:1070 91348:7:1070 91349:3:1071 91350:5:1071 91351:9:1071 91352:3:1072 91353:9:1072 91354:5:1072 91355:3:1073 91356:9:1073 91357:5:1073 91358:3:1074 91359:9:1074 91360:5:1074 91361:3:1075 91362:12:1075 91363:9:1075 91364:7:1075 91365:3:1076 91366:7:1076 91367:12:1076 91368:5:1076 91369:3:1077 91370:9:1077 91371:5:1077 91372:3:1078 91373:9:1078 91374:5:1078 91375:3:1079 91376:5:1079 91377:5:1079 91378:5:1079 91379:5:1079 91380:5:1079 91381:5:1079 91382:5:1079 91383:5:1079 91384:5:1079 91385:5:1079 91386:5:1079 91387:5:1079 91388:5:1079 91389:5:1079 91390:5:1079 91391:5:1079 91392:3:1080 91393:5:1080 91394:5:1080 91395:7:1080 91396:7:1080 91397:5:1080 91398:7:1080 91399:7:1080 91400:7:1080 91401:7:1080 91402:7:1080 91403:3:1081 91404:3:1081 91405:3:1081 91406:3:1082 91407:5:1082 91408:5:1082 91409:5:1082 91410:5:1082 91411:5:1082 91412:5:1082 91413:5:1082 91414:5:1082 91415:3:1083 91416:5:1083 91417:5:1083 91418:7:1083 91419:5:1083 91420:7:1083 91421:9:1083 91422:9:1083 91448:3:1035 91449:3:1035
0755-office365_rules.xml 91531:0:1084 91532:3:1084 91533:3:1085 91534:3:1086 91535:3:1087 91536:3:1088 91537:3:1089 91538:3:1090 91539:3:1091 91540:3:1092 91541:3:1093 91542:3:1094 91543:3:1095 91544:3:1096 91545:3:1097 91546:3:1098 91547:5:1099 91548:5:1100 91549:3:1101 91550:3:1102 91551:3:1103 91552:3:1104 91553:3:1105 91554:5:1106 91555:3:1107 91556:12:1108 91557:5:1109 91558:3:1110 91559:3:1111 91560:3:1112 91561:3:1113 91562:5:1114 91563:3:1115 91564:3:1116 91565:3:1117 91566:5:1118 91567:3:1119 91568:5:1120 91569:7:1121 91570:5:1122 91571:5:1123 91572:3:1124 91573:3:1125 91574:3:1126 91575:12:1127 91576:3:1128 91577:3:1129 91578:5:1130 91579:5:1131 91580:3:1132 91581:3:1133 91582:3:1134 91583:3:1135 91584:3:1136 91585:5:1137 91586:3:1138 91587:3:1139 91588:3:1140 91589:7:1141 91590:5:1142 91591:3:1143 91592:5:1144 91593:9:1145 91594:3:1146 91595:3:1147 91596:3:1148 91597:5:1149 91598:5:1150 91599:3:1151 91600:3:1152 91601:3:1153 91602:3:1154 91603:3:1155 91604:3:1156 91605:7:1157 91606:5:1158 91607:5:1159 91608:5:1160 91609:5:1161 91610:3:1162 91611:5:1163 91612:5:1164 91613:3:1165 91614:5:1166 91615:7:1167 91616:3:1168 91617:5:1169 91618:5:1170 91619:5:1171 91620:5:1172 91621:3:1173 91622:7:1174 91623:5:1175 91624:5:1176 91625:3:1177 91626:3:1178 91627:3:1179 91628:3:1180 91629:5:1181 91630:3:1182 91631:3:1183 91648:3:1084 91700:14:1184 91701:5:1185 91702:4:1186 91703:6:1187 91704:6:1188 91705:6:1189 91706:6:1189 91707:4:1190 91708:6:1191 91709:6:1192 91710:6:1192 91711:6:1193 91712:6:1193 91713:6:1193 91714:6:1194 91715:6:1195 91716:6:1196 91717:6:1197 91718:6:1197 91719:4:1198 91720:12:1198 91721:6:1198 91722:12:1199 91723:6:1198 91724:10:1200 91725:10:1201
0770-gitlab_rules.xml 65600:3:1202 65601:5:1202 65602:5:1202 65603:3:1202 65604:3:1202 65605:3:1202 65606:3:1202 65607:5:1202 65608:3:1202 65609:5:1202 65610:3:1202 65611:5:1202 65612:3:1202 65613:3:1202 65614:3:1202 65615:5:1202 65616:3:1202 65617:5:1202 65618:3:1202 65619:5:1202 65620:3:1202 65621:3:1202 65622:5:1202 65623:5:1202
0775-arbor_rules.xml 88800:0:1203 88801:7:1203
0780-fireeye_rules.xml 150100:0:1204 150101:7:1204 150102:7:1204 150103:0:1204 150150:3:1205
0785-huawei-usg_rules.xml 89200:0:1206 89210:10:1207 89211:7:1208 89212:5:1208 89213:4:1209 89214:3:1206 89215:0:1206 89216:0:1206 89217:0:1206
0800-sysmon_id_1.xml 92000:4:1210 92001:6:1210 92002:6:1210 92003:6:1210 92004:4:1210 92005:4:1210 92006:6:1210 92007:3:1210 92008:12:1210 92009:13:1210 92010:13:1210 92011:13:1210 92012:13:1210 92013:13:1210 92014:13:1210 92015:13:1210 92016:13:1210 92017:13:1210 92018:13:1210 92019:13:1210 92020:6:1210 92021:3:1210 92022:3:1210 92023:8:1210 92024:14:1210 92025:0:1210 92026:14:1210 92027:4:1210 92028:0:1210 92029:6:1210 92030:3:1210 92031:3:1210 92032:3:1210 92033:3:1210 92034:3:1210 92035:3:1210 92036:3:1210 92037:3:1210 92038:12:1210 92039:3:1210 92040:12:1210 92041:10:1210 92042:0:1210 92043:10:1210 92044:14:1210 92045:14:1210 92046:12:1210 92047:12:1210 92048:15:1210 92049:12:1210 92050:12:1210 92051:12:1210 92052:4:1210 92053:12:1210 92054:14:1210 92055:12:1210 92056:14:1210 92057:12:1210 92058:12:1210 92059:14:1210 92060:15:1210 92061:3:1210 92062:14:1210 92063:6:1210 92064:15:1210 92065:6:1210 92066:4:1210 92067:6:1210 92068:3:1210 92069:0:1210 92070:6:1210 92071:12:1210 92072:4:1210 92073:6:1210 92074:12:1210 92075:12:1210 92076:6:1210 92077:10:1210 92078:10:1210 92079:10:1210 92080:7:1210 92081:15:1210
0810-sysmon_id_3.xml 92101:0:1211 92102:6:1211 92103:6:1211 92104:15:1211 92105:3:1211 92106:3:1211 92107:4:1211 92108:0:1211 92109:15:1211 92110:4:1211
0820-sysmon_id_7.xml 92151:12:1212 92152:6:1212 92153:10:1212 92154:4:1212 92155:12:1212 92156:12:1212 92157:6:1212
0830-sysmon_id_11.xml 92200:6:1213 92201:9:1213 92202:6:1213 92203:6:1213 92204:9:1213 92205:9:1213 92206:12:1213 92207:12:1213 92208:15:1213 92209:6:1213 92210:6:1213 92211:14:1213 92212:14:1213 92213:15:1213 92214:15:1213 92215:12:1213 92216:0:1213 92217:6:1213 92218:6:1213 92219:6:1213 92220:6:1213 92221:3:1213 92222:3:1213 92223:3:1213 92224:6:1213 92225:6:1213 92226:14:1213 92227:6:1213
0840-win_event_channel.xml 92650:12:1214 92651:0:1215 92652:6:1215 92653:3:1214 92654:6:1214 92655:15:1214 92656:15:1214 92657:6:1216
0850-audit_rules.xml 92600:0:1217 92601:6:1217 92602:12:1217 92603:6:1217 92604:6:1217 92605:6:1217 92606:6:1217
0860-sysmon_id_13.xml 92300:0:1218 92301:12:1218 92302:6:1218 92303:12:1218 92304:6:1218 92305:12:1218 92306:12:1218 92307:3:1218 92308:3:1218 92309:15:1218
0870-sysmon_id_8.xml 92400:12:1219 92401:12:1219 92402:3:1219 92403:12:1219
0900-firewall_rules.xml 4100:0:1 4101:5:1220 4151:10:1221
0905-cisco-ftd_rules.xml 91500:0:1222 91501:7:1222 91502:5:1222 91503:4:1222 91504:3:1222 91505:2:1222 91506:0:1222 91507:9:1223 91508:3:1224 91509:3:1225 91510:8:1226 91511:8:1227 91512:8:1226 91515:8:1228 91516:5:1229 91517:3:1230 91518:8:1231 91519:8:1232 91520:8:1232 91521:8:1233 91522:8:1233 91523:3:1222 91524:3:1222 91525:8:1234 91526:10:1235 91527:10:1236 91528:10:1237 91529:10:1238 91530:8:1239
0910-ms-exchange-proxylogon_rules.xml 91000:12:145 91001:12:145 91002:12:145 91003:12:145 91004:0:145 91005:12:145 91006:12:145 91007:12:145
0915-win-powershell_rules.xml 91801:0:1240 91802:0:1240 91803:14:1240 91805:3:1240 91806:3:1240 91807:0:1240 91808:3:1240 91809:10:1240 91810:10:1240 91811:4:1240 91812:0:1240 91813:3:1240 91814:4:1240 91815:4:1240 91816:4:1240 91817:4:1240 91818:4:1240 91819:4:1240 91820:4:1240 91821:4:1240 91822:12:1240 91823:14:1240 91824:4:1240 91825:4:1240 91826:4:1240 91827:4:1240 91828:6:1240 91829:4:1240 91830:4:1240 91831:4:1240 91832:4:1240 91833:3:1240 91834:6:1240 91835:6:1240 91836:3:1240 91837:4:1240 91838:4:1240 91839:4:1240 91840:4:1240 91841:4:1240 91842:4:1240 91843:3:1240 91844:12:1240 91845:10:1240 91846:10:1240
0920-oracledb_rules.xml 89100:3:1241 89101:7:1242
0925-eset-remote_rules.xml 42001:0:1243 42002:3:1244 42003:3:1243 42004:3:1243 42005:2:1245 42006:3:1243 42007:5:1246 42008:7:1247 42009:12:1247
0935-cloudflare-waf_rules.xml 92501:0:1248 92502:4:1248 92503:5:1248 92504:5:1249 92505:7:1248 92506:4:1250 92507:7:1251 92508:7:1252 92509:4:1248 92510:8:1253 92511:7:1254 92512:4:1248 92513:4:1248 92514:4:1248 92515:4:1248 92516:3:1248 92517:3:1248
0945-sysmon_id_10.xml 92900:12:1255 92910:12:1255 92920:14:1255
0950-sysmon_id_20.xml 89501:12:1256 89502:14:1256
0955-WEF-baseline_rules.xml 67011:3:1257 67012:3:1257 67013:3:1257 67014:3:1257 67015:3:1257 67016:3:1257 67017:3:1257 67018:3:1257 67019:3:1257 67020:3:1257 67021:3:1257 67022:3:1257 67023:3:1257 67024:3:1257 67025:3:1257 67026:3:1257 67027:3:1257 67028:3:1257 67029:3:1257
0960-macos_rules.xml 89600:5:1258 89601:5:1258 89602:3:1259 89603:3:1259 89604:3:1260 89605:3:1259 89606:5:1261 89607:3:1259 89608:3:1258 89609:3:1258
0990-amazon-security-lake_rules.xml 99000:0:1262 99001:3:1262 99002:3:1262 99003:3:1262 99020:3:1263 99021:3:1264 99022:3:1263 99023:3:1263 99024:3:1263 99025:3:1263 99026:5:1262 99027:12:1262 99028:12:1262 99029:12:1262 99030:12:1262 99050:0:1265 99051:3:1265 99052:3:1265 99053:3:1265 99054:3:1265 99055:3:1265 99056:3:1265 99057:3:1265 99058:3:1265 99080:3:1262 99081:3:1262 99082:3:1262
0995-microsoft-graph_rules.xml 99500:0:1266 99501:3:1266 99502:3:1266 99503:6:1266 99506:4:1266 99507:4:1266 99508:4:1266 99509:4:1266 99510:4:1266 99511:4:1266 99512:6:1266 99516:6:1266 99517:6:1266 99518:12:1266 99519:15:1266 99521:3:1266 99522:6:1266 99523:6:1266 99524:6:1266 99525:6:1266 99526:6:1266 99527:6:1266 99528:6:1266 99529:6:1266 99530:3:1266 99531:6:1266 99532:12:1266 99533:6:1266 99534:6:1266 99535:12:1266 99536:6:1266 99542:6:1266 99543:12:1266 99544:6:1266 99545:12:1266 99546:12:1266 99547:6:1266 99548:12:1266 99549:12:1266 99550:12:1266 99551:6:1266 99552:12:1266 99553:12:1266 99554:12:1266 99555:12:1266 99561:12:1266 99562:13:1266 99563:13:1266 99564:13:1266 99565:13:1266 99566:12:1266 99567:13:1266 99568:13:1266 99569:13:1266 99570:12:1266 99571:13:1266 99572:13:1266 99573:13:1266 99574:13:1266 99580:14:1266 99581:15:1266 99582:15:1266 99583:15:1266 99584:14:1266 99585:14:1266 99586:15:1266 99587:15:1266 99588:15:1266 99589:14:1266 99590:15:1266 99591:15:1266 99592:15:1266 99593:15:1266 99594:15:1266 99595:14:1266 99606:15:1266 99607:15:1266 99608:6:1266 99609:3:1266 99610:12:1266 99611:15:1266 99612:15:1266 99613:6:1266 99614:15:1266 99615:3:1266 99616:6:1266 99617:6:1266 99618:6:1266 99619:12:1266 99631:3:1266 99632:6:1266 99633:3:1266 99651:3:1266 99652:3:1266 99653:3:1266 99654:3:1266 99656:3:1266 99657:3:1266 99658:3:1266
0997-maltiverse_rules.xml 99700:10:1267 99701:12:1267 99702:12:1267
0998-aws-security-hub-rules.xml 99800:0:1268 99801:0:1268 99802:0:1268 99803:0:1268 99804:0:1268 99805:0:1268 99806:0:1268 99807:0:1268 99808:0:1268 99809:0:1268 99810:0:1268 99811:0:1268 99812:0:1268 99813:0:1268 99814:0:1268 99815:0:1268 99816:0:1268 99817:0:1268 99818:0:1268 99819:0:1268 99820:0:1268 99821:0:1268 99822:0:1268 99823:0:1268 99824:0:1268 99825:0:1268 99826:0:1268 99827:0:1268 99828:0:1268 99829:0:1268 99830:0:1268 99831:0:1268 99832:0:1268 99833:0:1268 99834:0:1268 99835:0:1268 99836:12:1269 99837:12:1270 99838:12:1271 99839:12:1272 99840:12:1273 99841:12:1274 99842:12:1275 99843:12:1273 99844:12:1272 99845:12:1276 99846:12:1277 99847:12:1278 99848:12:1279 99849:12:1280 99850:12:1273 99851:12:1272 99852:12:1281 99853:12:1281 99854:12:1272 99855:12:1282 99856:12:1283 99857:12:1273 99858:12:1273 99859:12:1273 99860:12:1284
0999-malicious-ioc-rules.xml 99901:14:1285 99902:9:1248 99903:14:1286 99904:9:1287 99905:9:461 99906:14:461 99907:9:474 99908:9:474 99909:9:1261 99910:14:1259 99911:9:296 99912:14:295 99913:14:781 99914:9:782 99915:9:814 99916:9:814 99917:9:814 99918:9:814 99919:9:887 99920:14:1288
"""
