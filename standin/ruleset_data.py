"""The rules the stand-in writes out in its own XML: the ones a SOC meets every day (sshd, PAM, FIM,
Windows logons, web attacks, the vulnerability detector), with a description and matching options.

``standin.rules`` serves them inside Wazuh's whole ruleset: their ids, levels and groups there come
from the generated table ``standin.wazuh_ruleset`` (Wazuh's own values), and only their attributes,
descriptions and options from here; the groups written here are not used. ``0215-policy_rules.xml`` is
listed as disabled, as a default ``ossec.conf`` excludes it.
"""

from __future__ import annotations

_COMPLIANCE_AUTH_FAIL = (
    "gdpr_IV_35.7.d,gdpr_IV_32.2,gpg13_7.1,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,"
    "pci_dss_10.2.4,pci_dss_10.2.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,"
)
_COMPLIANCE_AGENT = "gdpr_IV_35.7.d,gpg13_10.1,hipaa_164.312.b,nist_800_53_AU.6,pci_dss_10.6.1,tsc_CC7.2,tsc_CC7.3,"
_COMPLIANCE_FIM = (
    "gdpr_II_5.1.f,gpg13_4.11,hipaa_164.312.c.1,hipaa_164.312.c.2,nist_800_53_SI.7,pci_dss_11.5,"
    "tsc_PI1.4,tsc_PI1.5,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,"
)

DEFAULT_FILES: dict[str, str] = {}

DEFAULT_FILES["0010-rules_config.xml"] = """<!-- Templates every other rule builds on (one per log category). -->
""" + "".join(
    f"""
<group name="{cat},">
  <rule id="{rid}" level="0" noalert="1">
    <category>{cat}</category>
    <description>Template rule for {what} events.</description>
  </rule>
</group>
"""
    for rid, cat, what in (
        (1, "syslog", "syslog"),
        (2, "firewall", "firewall"),
        (3, "ids", "IDS"),
        (4, "web-log", "web server"),
        (5, "squid", "web proxy"),
        (6, "windows", "Windows"),
        (7, "ossec", "Wazuh"),
    )
)

DEFAULT_FILES["0015-ossec_rules.xml"] = f"""<!-- Wazuh's own events: agents, integrity monitoring, log collection. -->
<group name="ossec,">
  <rule id="500" level="0">
    <category>ossec</category>
    <decoded_as>ossec</decoded_as>
    <description>Grouping of Wazuh rules.</description>
  </rule>

  <rule id="501" level="3">
    <if_sid>500</if_sid>
    <match>Agent started</match>
    <description>New Wazuh agent connected.</description>
    <group>{_COMPLIANCE_AGENT}</group>
  </rule>

  <rule id="502" level="3">
    <if_sid>500</if_sid>
    <match>Manager started</match>
    <description>Wazuh server started.</description>
    <group>{_COMPLIANCE_AGENT}</group>
  </rule>

  <rule id="503" level="3">
    <if_sid>500</if_sid>
    <match>Agent started</match>
    <description>Wazuh agent started.</description>
    <group>{_COMPLIANCE_AGENT}</group>
  </rule>

  <rule id="504" level="3">
    <if_sid>500</if_sid>
    <match>Agent disconnected</match>
    <description>Wazuh agent disconnected.</description>
    <mitre>
      <id>T1562.001</id>
    </mitre>
    <group>{_COMPLIANCE_AGENT}</group>
  </rule>

  <rule id="505" level="3">
    <if_sid>500</if_sid>
    <match>Agent removed</match>
    <description>Wazuh agent removed.</description>
    <mitre>
      <id>T1562.001</id>
    </mitre>
    <group>{_COMPLIANCE_AGENT}</group>
  </rule>

  <rule id="550" level="7">
    <category>ossec</category>
    <decoded_as>syscheck_integrity_changed</decoded_as>
    <description>Integrity checksum changed.</description>
    <mitre>
      <id>T1565.001</id>
    </mitre>
    <group>syscheck,syscheck_entry_modified,syscheck_file,{_COMPLIANCE_FIM}</group>
  </rule>

  <rule id="553" level="7">
    <category>ossec</category>
    <decoded_as>syscheck_deleted</decoded_as>
    <description>File deleted.</description>
    <mitre>
      <id>T1070.004</id>
      <id>T1485</id>
    </mitre>
    <group>syscheck,syscheck_entry_deleted,syscheck_file,{_COMPLIANCE_FIM}</group>
  </rule>

  <rule id="554" level="5">
    <category>ossec</category>
    <decoded_as>syscheck_new_entry</decoded_as>
    <description>File added to the system.</description>
    <group>syscheck,syscheck_entry_added,syscheck_file,{_COMPLIANCE_FIM}</group>
  </rule>

  <rule id="700" level="0">
    <category>ossec</category>
    <decoded_as>logcollector</decoded_as>
    <description>Log collection status messages grouped.</description>
  </rule>
</group>
"""

DEFAULT_FILES["0016-wazuh_rules.xml"] = """<!-- Agent buffer and manager health. -->
<group name="wazuh,">
  <rule id="200" level="0">
    <decoded_as>wazuh</decoded_as>
    <description>Grouping of Wazuh agent buffer rules.</description>
  </rule>

  <rule id="201" level="0">
    <if_sid>200</if_sid>
    <field name="level">normal</field>
    <description>Agent event queue is back to normal load.</description>
    <group>agent_flooding,</group>
  </rule>

  <rule id="202" level="7">
    <if_sid>200</if_sid>
    <field name="level">warning</field>
    <description>Agent event queue is $(level) full.</description>
    <group>agent_flooding,</group>
  </rule>

  <rule id="203" level="9">
    <if_sid>200</if_sid>
    <field name="level">full</field>
    <description>Agent event queue is full. Events may be lost.</description>
    <group>agent_flooding,</group>
  </rule>
</group>
"""

DEFAULT_FILES["0020-syslog_rules.xml"] = """<!-- Generic syslog messages. -->
<group name="syslog,errors,">
  <rule id="1002" level="2">
    <match>core_dumped|failure|error|attack| bad |illegal |denied|refused|unauthorized|fatal|failed</match>
    <description>Unknown problem somewhere in the system.</description>
    <group>gpg13_4.3,</group>
  </rule>

  <rule id="1003" level="13" maxsize="1025" noalert="1">
    <description>Non standard syslog message (size too large).</description>
  </rule>

  <rule id="1007" level="7">
    <match>file system full|No space left on device</match>
    <description>File system full.</description>
    <group>low_diskspace,pci_dss_10.6.1,gpg13_4.3,gdpr_IV_35.7.d,hipaa_164.312.b,nist_800_53_AU.6,tsc_CC7.2,</group>
  </rule>

  <rule id="1010" level="2">
    <match>segfault at </match>
    <description>Process segfaulted.</description>
    <group>service_availability,</group>
  </rule>
</group>
"""

DEFAULT_FILES["0085-pam_rules.xml"] = f"""<!-- PAM sessions and authentication. -->
<group name="pam,syslog,">
  <rule id="5500" level="0" noalert="1">
    <decoded_as>pam</decoded_as>
    <description>Grouping of PAM rules.</description>
  </rule>

  <rule id="5501" level="3">
    <if_sid>5500</if_sid>
    <match>session opened for user </match>
    <description>PAM: Login session opened.</description>
    <mitre>
      <id>T1078</id>
    </mitre>
    <group>authentication_success,pci_dss_10.2.5,gpg13_7.8,gpg13_7.9,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>

  <rule id="5502" level="3">
    <if_sid>5500</if_sid>
    <match>session closed for user </match>
    <description>PAM: Login session closed.</description>
    <group>pci_dss_10.2.5,gpg13_7.8,gpg13_7.9,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>

  <rule id="5503" level="5">
    <if_sid>5500</if_sid>
    <match>authentication failure; logname=</match>
    <description>PAM: User login failed.</description>
    <mitre>
      <id>T1110.001</id>
    </mitre>
    <group>authentication_failed,{_COMPLIANCE_AUTH_FAIL}</group>
  </rule>
</group>
"""

DEFAULT_FILES["0095-sshd_rules.xml"] = f"""<!-- OpenSSH daemon. -->
<group name="syslog,sshd,">
  <rule id="5700" level="0" noalert="1">
    <decoded_as>sshd</decoded_as>
    <description>SSHD messages grouped.</description>
  </rule>

  <rule id="5710" level="5">
    <if_sid>5700</if_sid>
    <match>illegal user|invalid user</match>
    <description>sshd: Attempt to login using a non-existent user</description>
    <mitre>
      <id>T1110.001</id>
      <id>T1021.004</id>
    </mitre>
    <group>authentication_failed,invalid_login,{_COMPLIANCE_AUTH_FAIL}</group>
  </rule>

  <rule id="5712" level="10" frequency="8" timeframe="120" ignore="60">
    <if_matched_sid>5710</if_matched_sid>
    <same_source_ip />
    <description>sshd: brute force trying to get access to the system. Non existent user.</description>
    <mitre>
      <id>T1110</id>
    </mitre>
    <group>authentication_failures,{_COMPLIANCE_AUTH_FAIL}</group>
  </rule>

  <rule id="5715" level="3">
    <if_sid>5700</if_sid>
    <match>^Accepted|authenticated.$</match>
    <description>sshd: authentication success.</description>
    <mitre>
      <id>T1078</id>
      <id>T1021</id>
    </mitre>
    <group>authentication_success,gdpr_IV_32.2,gpg13_7.1,gpg13_7.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,pci_dss_10.2.5,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>

  <rule id="5716" level="5">
    <if_sid>5700</if_sid>
    <match>^Failed|^error: PAM: Authentication</match>
    <description>sshd: authentication failed.</description>
    <mitre>
      <id>T1110.001</id>
      <id>T1021.004</id>
    </mitre>
    <group>authentication_failed,{_COMPLIANCE_AUTH_FAIL}</group>
  </rule>

  <rule id="5720" level="10" frequency="8">
    <if_matched_sid>5716</if_matched_sid>
    <same_source_ip />
    <description>sshd: Multiple authentication failures.</description>
    <mitre>
      <id>T1110</id>
    </mitre>
    <group>authentication_failures,{_COMPLIANCE_AUTH_FAIL}</group>
  </rule>
</group>
"""

DEFAULT_FILES["0215-policy_rules.xml"] = """<!-- Time-of-day policy rules (excluded by the default configuration). -->
<group name="policy_violation,">
  <rule id="17101" level="9">
    <if_group>authentication_success</if_group>
    <time>6 pm - 8:30 am</time>
    <description>Successful login during non-business hours.</description>
    <group>login_time,pci_dss_10.2.5,pci_dss_10.6.1,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>

  <rule id="17102" level="9">
    <if_group>authentication_success</if_group>
    <weekday>weekends</weekday>
    <description>Successful login during weekend.</description>
    <group>login_day,pci_dss_10.2.5,pci_dss_10.6.1,gpg13_7.1,gpg13_7.2,gdpr_IV_35.7.d,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,nist_800_53_AU.6,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>
</group>
"""

DEFAULT_FILES["0245-web_rules.xml"] = """<!-- Web server access logs. -->
<group name="web,accesslog,">
  <rule id="31100" level="0">
    <category>web-log</category>
    <description>Access log messages grouped.</description>
  </rule>

  <rule id="31101" level="5">
    <if_sid>31100</if_sid>
    <id>^4</id>
    <description>Web server 400 error code.</description>
    <group>attack,pci_dss_6.5,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>

  <rule id="31103" level="7">
    <if_sid>31100,31108</if_sid>
    <url>=select%20|select+|insert%20|%20from%20|%20where%20|union%20</url>
    <description>SQL injection attempt.</description>
    <mitre>
      <id>T1190</id>
    </mitre>
    <group>attack,sql_injection,pci_dss_6.5,pci_dss_11.4,pci_dss_6.5.1,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>

  <rule id="31151" level="10" frequency="14" timeframe="90">
    <if_matched_sid>31101</if_matched_sid>
    <same_source_ip />
    <description>Multiple web server 400 error codes from same source ip.</description>
    <mitre>
      <id>T1595.002</id>
    </mitre>
    <group>web_scan,recon,pci_dss_6.5,pci_dss_11.4,gdpr_IV_35.7.d,nist_800_53_SA.11,nist_800_53_SI.4,tsc_CC6.6,tsc_CC7.1,tsc_CC8.1,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>
</group>
"""

DEFAULT_FILES["0275-squid_rules.xml"] = """<!-- Squid web proxy. -->
<group name="squid,">
  <rule id="35000" level="0">
    <category>squid</category>
    <description>Squid messages grouped.</description>
  </rule>

  <rule id="35004" level="5">
    <if_sid>35000</if_sid>
    <id>^403$</id>
    <description>Squid: Attempt to access forbidden file or directory.</description>
    <group>access_denied,pci_dss_10.2.4,gdpr_IV_35.7.d,nist_800_53_AU.14,tsc_CC6.1,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>
</group>
"""

DEFAULT_FILES["0350-amazon_rules.xml"] = """<!-- AWS CloudTrail through the aws-s3 wodle. -->
<group name="amazon,aws,">
  <rule id="80200" level="0">
    <decoded_as>json</decoded_as>
    <field name="integration">aws</field>
    <description>AWS integration messages.</description>
  </rule>

  <rule id="80202" level="3">
    <if_sid>80200</if_sid>
    <field name="aws.source">cloudtrail</field>
    <description>AWS Cloudtrail: $(aws.eventSource) - $(aws.eventName).</description>
    <group>aws_cloudtrail,</group>
  </rule>
</group>
"""

DEFAULT_FILES["0520-vulnerability-detector_rules.xml"] = (
    """<!-- Vulnerability detector alerts by severity. -->
<group name="vulnerability-detector,gdpr_IV_35.7.d,pci_dss_11.2.1,pci_dss_11.2.3,tsc_CC7.1,tsc_CC7.2,">
  <rule id="23501" level="0">
    <decoded_as>json</decoded_as>
    <field name="vulnerability.cve">\\.+</field>
    <description>$(vulnerability.cve) affects $(vulnerability.package.name)</description>
  </rule>
"""
    + "".join(
        f"""
  <rule id="{rid}" level="{level}">
    <if_sid>23501</if_sid>
    <field name="vulnerability.status">Active</field>
    <field name="vulnerability.severity">{severity}</field>
    <description>$(vulnerability.cve) affects $(vulnerability.package.name)</description>
  </rule>
"""
        for rid, level, severity in (
            (23503, 5, "Low"),
            (23504, 7, "Medium"),
            (23505, 10, "High"),
            (23506, 13, "Critical"),
        )
    )
    + "</group>\n"
)

DEFAULT_FILES["0580-win-security_rules.xml"] = """<!-- Windows Security event channel. -->
<group name="windows,windows_security,">
  <rule id="60103" level="0">
    <if_sid>60001</if_sid>
    <field name="win.system.channel">^Security$</field>
    <description>Group of Windows rules for the Security channel.</description>
  </rule>

  <rule id="60106" level="3">
    <if_sid>60103</if_sid>
    <field name="win.system.eventID">^4624$</field>
    <description>Windows logon success.</description>
    <mitre>
      <id>T1078</id>
    </mitre>
    <group>authentication_success,pci_dss_10.2.5,gpg13_7.1,gpg13_7.2,gdpr_IV_32.2,hipaa_164.312.b,nist_800_53_AU.14,nist_800_53_AC.7,tsc_CC6.8,tsc_CC7.2,tsc_CC7.3,</group>
  </rule>

  <rule id="60122" level="5">
    <if_sid>60103</if_sid>
    <field name="win.system.eventID">^4625$|^4771$</field>
    <description>Logon failure - Unknown user or bad password.</description>
    <mitre>
      <id>T1078</id>
      <id>T1531</id>
    </mitre>
    <group>win_authentication_failed,authentication_failed,{auth}</group>
  </rule>
</group>
""".replace("{auth}", _COMPLIANCE_AUTH_FAIL)

DISABLED_FILES = frozenset({"0215-policy_rules.xml"})

LOCAL_RULES = """<!-- Local rules -->

<!-- Modify it at your will. -->

<!-- Example -->
<group name="local,syslog,sshd,">

  <!--
  Dec 10 01:02:02 host sshd[1234]: Failed none for root from 1.1.1.1 port 1066 ssh2
  -->
  <rule id="100001" level="5">
    <if_sid>5716</if_sid>
    <srcip>1.1.1.1</srcip>
    <description>sshd: authentication failed from IP 1.1.1.1.</description>
    <group>authentication_failed,pci_dss_10.2.4,pci_dss_10.2.5,</group>
  </rule>

</group>
"""
