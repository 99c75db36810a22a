-- FaceEnrolments moved to the biometrics slice (br.suite.timeclock.biometrics). Its persistent
-- listener (on UserDeactivated) is identified in the event registry by its class and method, so the
-- publications still waiting for it are handed over to the new name; completed ones are deleted
-- (completion-mode=delete), so only pending rows are left to carry over.
UPDATE event_publication
   SET listener_id = replace(listener_id, 'br.suite.timeclock.FaceEnrolments.', 'br.suite.timeclock.biometrics.FaceEnrolments.')
 WHERE completion_date IS NULL
   AND listener_id LIKE 'br.suite.timeclock.FaceEnrolments.%';
