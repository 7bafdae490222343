"""Practice topics for the decision trees of the auction, the play and judgement rulings (issues 15–17)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('practice', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='attempt',
            name='practice_attempt_topic_valid',
        ),
        migrations.RemoveConstraint(
            model_name='card',
            name='practice_card_topic_valid',
        ),
        migrations.AlterField(
            model_name='attempt',
            name='topic',
            field=models.CharField(choices=[('insufficient_bid', '不足叫牌'), ('call_out_of_rotation', '越序叫牌'), ('change_of_call', '更改叫牌'), ('inadmissible_call', '不能成立的叫牌'), ('exposed_card_auction', '竞叫期间暴露牌张'), ('lead_out_of_turn', '越序引牌'), ('revoke', '藏牌'), ('penalty_card', '罚张'), ('dummy', '明手违规'), ('claim', '声称与承认'), ('wrong_cards', '牌张数目有误与打错牌'), ('unauthorized_information', '非法信息'), ('misinformation', '错误信息'), ('scores', '计分'), ('adjusted_scores', '调整分'), ('law_lookup', '查找条款')], max_length=32, verbose_name='主题'),
        ),
        migrations.AlterField(
            model_name='card',
            name='topic',
            field=models.CharField(choices=[('insufficient_bid', '不足叫牌'), ('call_out_of_rotation', '越序叫牌'), ('change_of_call', '更改叫牌'), ('inadmissible_call', '不能成立的叫牌'), ('exposed_card_auction', '竞叫期间暴露牌张'), ('lead_out_of_turn', '越序引牌'), ('revoke', '藏牌'), ('penalty_card', '罚张'), ('dummy', '明手违规'), ('claim', '声称与承认'), ('wrong_cards', '牌张数目有误与打错牌'), ('unauthorized_information', '非法信息'), ('misinformation', '错误信息'), ('scores', '计分'), ('adjusted_scores', '调整分'), ('law_lookup', '查找条款')], max_length=32, verbose_name='主题'),
        ),
        migrations.AddConstraint(
            model_name='attempt',
            constraint=models.CheckConstraint(condition=models.Q(('topic__in', ('insufficient_bid', 'call_out_of_rotation', 'change_of_call', 'inadmissible_call', 'exposed_card_auction', 'lead_out_of_turn', 'revoke', 'penalty_card', 'dummy', 'claim', 'wrong_cards', 'unauthorized_information', 'misinformation', 'scores', 'adjusted_scores', 'law_lookup'))), name='practice_attempt_topic_valid'),
        ),
        migrations.AddConstraint(
            model_name='card',
            constraint=models.CheckConstraint(condition=models.Q(('topic__in', ('insufficient_bid', 'call_out_of_rotation', 'change_of_call', 'inadmissible_call', 'exposed_card_auction', 'lead_out_of_turn', 'revoke', 'penalty_card', 'dummy', 'claim', 'wrong_cards', 'unauthorized_information', 'misinformation', 'scores', 'adjusted_scores', 'law_lookup'))), name='practice_card_topic_valid'),
        ),
    ]
